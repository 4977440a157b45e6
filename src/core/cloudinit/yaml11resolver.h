// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>

#include <functional>

namespace sfdesk {

namespace CloudInit {

// What a scalar becomes under PyYAML's SafeLoader (YAML 1.1), which is what cloud-init sees.
struct ScalarValue
{
    enum class Type
    {
        Null,
        Bool,
        Int,
        Float,
        // A date or date-time: neither a string nor a number for the schema, as in cloud-init.
        Timestamp,
        String,
        // Bytes from !!binary; cloud-init's type checker accepts them as strings.
        Binary
    };
    // How a plain scalar came to its type, for the "unquoted value changes type" hint.
    enum class Form
    {
        Ordinary,
        Octal,
        Hexadecimal,
        BinaryDigits,
        Sexagesimal,
        WordBool,
        Date
    };

    Type type = Type::String;
    Form form = Form::Ordinary;
    bool boolean = false;
    qint64 integer = 0;
    double real = 0;
    // Integers outside 64 bits are kept as their decimal text.
    bool bigInteger = false;
    QString text;

    // Python's repr() of the value, as cloud-init prints it in messages.
    QString pythonRepr() const;
    // A text equal for values PyYAML would construct as equal.
    QString canonicalText() const;
    // True when an unquoted scalar reads as something other than what it looks like.
    bool isSurprising() const { return form != Form::Ordinary; }
};

// Resolves an untagged plain scalar with PyYAML's implicit resolvers.
ScalarValue resolvePlainScalar(const QString& text);

// Constructs a scalar with an explicit standard tag ("tag:yaml.org,2002:int"). Returns false for a tag
// SafeLoader has no constructor for, or a value the tag does not accept.
bool constructTaggedScalar(const QString& tag, const QString& text, ScalarValue* value, QString* error);

// Python's repr() of a str.
QString pythonStringRepr(const QString& text);

// The inside of a quoted string, as Python and YAML's double quotes read it: `quote` and the backslash
// escaped, \n \t \r, and every other character `isCode` takes as a numbered escape
// (`codeLetter` and `codeDigits` hex digits: \x1b, \u2028).
QString backslashEscaped(const QString& text, QChar quote, const std::function<bool(QChar)>& isCode,
                         QChar codeLetter, int codeDigits);

} // namespace CloudInit

} // namespace sfdesk
