// SPDX-License-Identifier: Apache-2.0

#include "core/cloudinit/yaml11resolver.h"

#include <QLocale>
#include <QRegularExpression>

#include <cmath>
#include <limits>

namespace sfdesk {

using namespace Qt::StringLiterals;

namespace CloudInit {

namespace {

// PyYAML's implicit resolver expressions (yaml/resolver.py), with re.X whitespace removed.
const QRegularExpression& boolPattern()
{
    static const QRegularExpression re(
        u"^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$"_s);
    return re;
}

const QRegularExpression& floatPattern()
{
    static const QRegularExpression re(u"^(?:[-+]?(?:[0-9][0-9_]*)\\.[0-9_]*(?:[eE][-+][0-9]+)?"
                                       u"|\\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?"
                                       u"|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\\.[0-9_]*"
                                       u"|[-+]?\\.(?:inf|Inf|INF)"
                                       u"|\\.(?:nan|NaN|NAN))$"_s);
    return re;
}

const QRegularExpression& intPattern()
{
    static const QRegularExpression re(u"^(?:[-+]?0b[0-1_]+"
                                       u"|[-+]?0[0-7_]+"
                                       u"|[-+]?(?:0|[1-9][0-9_]*)"
                                       u"|[-+]?0x[0-9a-fA-F_]+"
                                       u"|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$"_s);
    return re;
}

const QRegularExpression& nullPattern()
{
    static const QRegularExpression re(u"^(?:~|null|Null|NULL|)$"_s);
    return re;
}

const QRegularExpression& timestampPattern()
{
    static const QRegularExpression re(u"^(?:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]"
                                       u"|[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?"
                                       u"(?:[Tt]|[ \\t]+)[0-9][0-9]?"
                                       u":[0-9][0-9]:[0-9][0-9](?:\\.[0-9]*)?"
                                       u"(?:[ \\t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)$"_s);
    return re;
}

const QRegularExpression& datePattern()
{
    static const QRegularExpression re(u"^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})"_s);
    return re;
}

// YAML 1.1's base 60 ("1:30:00" is 5400), as PyYAML reads it: the parts from the last, each
// worth sixty of the one after it; *ok is false from the first part that does not parse.
template <typename Number, typename ParsePart>
Number sexagesimal(const QString& text, bool* ok, ParsePart parsePart)
{
    Number sum = 0;
    Number base = 1;
    const QStringList parts = text.split(u':');
    for (auto it = parts.crbegin(); it != parts.crend() && *ok; ++it) {
        sum += parsePart(*it, ok) * base;
        base *= 60;
    }
    return sum;
}

ScalarValue makeString(const QString& text)
{
    ScalarValue value;
    value.type = ScalarValue::Type::String;
    value.text = text;
    return value;
}

// SafeConstructor.construct_yaml_int. Returns false when the digits do not parse.
bool constructInt(const QString& source, ScalarValue* out)
{
    QString text = source;
    text.remove(u'_');
    bool negative = false;
    if (text.startsWith(u'-') || text.startsWith(u'+')) {
        negative = text.front() == u'-';
        text.remove(0, 1);
    }
    ScalarValue value;
    value.type = ScalarValue::Type::Int;
    bool ok = true;
    qulonglong magnitude = 0;
    if (text == u"0") {
        magnitude = 0;
    } else if (text.startsWith(u"0b")) {
        magnitude = text.mid(2).toULongLong(&ok, 2);
        value.form = ScalarValue::Form::BinaryDigits;
    } else if (text.startsWith(u"0x")) {
        magnitude = text.mid(2).toULongLong(&ok, 16);
        value.form = ScalarValue::Form::Hexadecimal;
    } else if (text.startsWith(u'0')) {
        magnitude = text.toULongLong(&ok, 8);
        value.form = ScalarValue::Form::Octal;
    } else if (text.contains(u':')) {
        magnitude = sexagesimal<qulonglong>(
            text, &ok, [](const QString& part, bool* partOk) { return part.toULongLong(partOk); });
        value.form = ScalarValue::Form::Sexagesimal;
    } else {
        magnitude = text.toULongLong(&ok);
    }
    if (!ok || magnitude > static_cast<qulonglong>(std::numeric_limits<qint64>::max())) {
        if (text.isEmpty() || value.form != ScalarValue::Form::Ordinary)
            return false;
        // Python has arbitrary precision; keep the decimal digits.
        value.bigInteger = true;
        value.text = (negative ? u"-"_s : QString()) + text;
        *out = value;
        return true;
    }
    value.integer = negative ? -static_cast<qint64>(magnitude) : static_cast<qint64>(magnitude);
    value.text = QString::number(value.integer);
    *out = value;
    return true;
}

// SafeConstructor.construct_yaml_float.
bool constructFloat(const QString& source, ScalarValue* out)
{
    QString text = source.toLower();
    text.remove(u'_');
    double sign = 1;
    if (text.startsWith(u'-') || text.startsWith(u'+')) {
        if (text.front() == u'-')
            sign = -1;
        text.remove(0, 1);
    }
    ScalarValue value;
    value.type = ScalarValue::Type::Float;
    bool ok = true;
    if (text == u".inf") {
        value.real = sign * std::numeric_limits<double>::infinity();
    } else if (text == u".nan") {
        value.real = std::numeric_limits<double>::quiet_NaN();
    } else if (text.contains(u':')) {
        value.real = sign * sexagesimal<double>(text, &ok, [](const QString& part, bool* partOk) {
                         return part.toDouble(partOk);
                     });
        value.form = ScalarValue::Form::Sexagesimal;
    } else {
        value.real = sign * QLocale::c().toDouble(text, &ok);
    }
    if (!ok)
        return false;
    *out = value;
    return true;
}

} // namespace

QString pythonStringRepr(const QString& text)
{
    const QChar quote = text.contains(u'\'') && !text.contains(u'"') ? u'"' : u'\'';
    const auto control = [](QChar c) { return c.unicode() < 0x20 || c.unicode() == 0x7f; };
    return quote + backslashEscaped(text, quote, control, u'x', 2) + quote;
}

QString backslashEscaped(const QString& text, QChar quote, const std::function<bool(QChar)>& isCode,
                         QChar codeLetter, int codeDigits)
{
    QString out;
    for (const QChar c : text) {
        if (c == quote || c == u'\\')
            out += u'\\' + QString(c);
        else if (c == u'\n')
            out += u"\\n"_s;
        else if (c == u'\t')
            out += u"\\t"_s;
        else if (c == u'\r')
            out += u"\\r"_s;
        else if (isCode(c))
            out += u'\\' + QString(codeLetter) + u"%1"_s.arg(uint(c.unicode()), codeDigits, 16, QChar(u'0'));
        else
            out += c;
    }
    return out;
}

QString ScalarValue::pythonRepr() const
{
    switch (type) {
    case Type::Null:
        return u"None"_s;
    case Type::Bool:
        return boolean ? u"True"_s : u"False"_s;
    case Type::Int:
        return text;
    case Type::Float: {
        if (std::isnan(real))
            return u"nan"_s;
        if (std::isinf(real))
            return real < 0 ? u"-inf"_s : u"inf"_s;
        QString number = QString::number(real, 'g', QLocale::FloatingPointShortest);
        if (!number.contains(u'.') && !number.contains(u'e'))
            number += u".0"_s;
        return number;
    }
    case Type::Timestamp: {
        const QRegularExpressionMatch match = datePattern().match(text);
        if (match.hasMatch() && match.capturedLength(0) == text.size())
            return u"datetime.date(%1, %2, %3)"_s.arg(match.captured(1).toInt())
                .arg(match.captured(2).toInt())
                .arg(match.captured(3).toInt());
        return u"datetime.datetime(%1)"_s.arg(pythonStringRepr(text));
    }
    case Type::String:
        return pythonStringRepr(text);
    case Type::Binary:
        return u"b"_s + pythonStringRepr(text);
    }
    return text;
}

QString ScalarValue::canonicalText() const
{
    switch (type) {
    case Type::Null:
        return u"n:"_s;
    case Type::Bool:
        // Python: True == 1 and hashes the same, so they are one key.
        return boolean ? u"i:1"_s : u"i:0"_s;
    case Type::Int:
        return u"i:"_s + text;
    case Type::Float:
        if (real == std::floor(real) && std::abs(real) < 1e18)
            return u"i:"_s + QString::number(static_cast<qint64>(real));
        return u"f:"_s + QString::number(real, 'g', 17);
    case Type::Timestamp:
        return u"t:"_s + text;
    case Type::String:
        return u"s:"_s + text;
    case Type::Binary:
        return u"b:"_s + text;
    }
    return text;
}

ScalarValue resolvePlainScalar(const QString& text)
{
    if (text.isEmpty()) {
        ScalarValue value;
        value.type = ScalarValue::Type::Null;
        return value;
    }
    const QChar first = text.front();
    if (u"yYnNtTfFoO"_s.contains(first) && boolPattern().match(text).hasMatch()) {
        ScalarValue value;
        value.type = ScalarValue::Type::Bool;
        const QString lower = text.toLower();
        value.boolean = lower == u"yes" || lower == u"true" || lower == u"on";
        if (lower != u"true" && lower != u"false")
            value.form = ScalarValue::Form::WordBool;
        return value;
    }
    if (u"-+0123456789."_s.contains(first) && floatPattern().match(text).hasMatch()) {
        ScalarValue value;
        if (constructFloat(text, &value))
            return value;
        return makeString(text);
    }
    if (u"-+0123456789"_s.contains(first) && intPattern().match(text).hasMatch()) {
        ScalarValue value;
        if (constructInt(text, &value))
            return value;
        return makeString(text);
    }
    if (u"~nN"_s.contains(first) && nullPattern().match(text).hasMatch()) {
        ScalarValue value;
        value.type = ScalarValue::Type::Null;
        return value;
    }
    if (first.isDigit() && timestampPattern().match(text).hasMatch()) {
        ScalarValue value;
        value.type = ScalarValue::Type::Timestamp;
        value.form = ScalarValue::Form::Date;
        value.text = text;
        return value;
    }
    return makeString(text);
}

bool constructTaggedScalar(const QString& tag, const QString& text, ScalarValue* value, QString* error)
{
    static const QString prefix = u"tag:yaml.org,2002:"_s;
    const QString name = tag.startsWith(prefix) ? tag.mid(prefix.size()) : QString();
    const auto fail = [&](const QString& message) {
        if (error)
            *error = message;
        return false;
    };
    if (name == u"str") {
        *value = makeString(text);
        return true;
    }
    if (name == u"binary") {
        // Like Python's base64.decodebytes, characters outside the alphabet (line breaks, blanks)
        // are skipped; only a length that cannot be base64 is refused.
        QByteArray alphabet;
        for (const QChar c : text) {
            if (c.isLetterOrNumber() || c == u'+' || c == u'/')
                alphabet += char(c.unicode());
        }
        if (alphabet.size() % 4 == 1)
            return fail(u"Incorrect padding"_s);
        const QByteArray decoded = QByteArray::fromBase64(alphabet);
        ScalarValue bytes;
        bytes.type = ScalarValue::Type::Binary;
        bytes.text = QString::fromLatin1(decoded);
        *value = bytes;
        return true;
    }
    if (name == u"null") {
        value->type = ScalarValue::Type::Null;
        return true;
    }
    if (name == u"bool") {
        if (!boolPattern().match(text).hasMatch())
            return fail(u"invalid boolean %1"_s.arg(pythonStringRepr(text)));
        *value = resolvePlainScalar(text);
        return true;
    }
    if (name == u"int") {
        if (constructInt(text, value))
            return true;
        return fail(u"invalid literal for int(): %1"_s.arg(pythonStringRepr(text)));
    }
    if (name == u"float") {
        if (constructFloat(text, value))
            return true;
        return fail(u"could not convert string to float: %1"_s.arg(pythonStringRepr(text)));
    }
    if (name == u"timestamp") {
        if (!timestampPattern().match(text).hasMatch())
            return fail(u"invalid timestamp %1"_s.arg(pythonStringRepr(text)));
        *value = resolvePlainScalar(text);
        return true;
    }
    return fail(u"could not determine a constructor for the tag %1"_s.arg(pythonStringRepr(tag)));
}

} // namespace CloudInit

} // namespace sfdesk
