// SPDX-License-Identifier: Apache-2.0

// Over 700 lines on purpose: cloud-init's validation is one pass (YAML 1.1 to JSON with where each
// value stood, the JSON schema, deprecations, then cloud-init's own checks) whose stages share
// private types (Location, Surprise, the JSON pointer helpers); split, they would need a header
// that only this file's parts would include.

#include "core/cloudinit/validator.h"

#include "common/constvalue.h"
#include "core/cloudinit/jinja.h"

#include "common/logging.h"
#include "core/cloudinit/authorizedkey.h"
#include "core/cloudinit/cloudconfigschema_p.h"
#include "core/cloudinit/yaml11resolver.h"

#include <QElapsedTimer>
#include <QHash>
#include <QRegularExpression>
#include <QSet>
#include <QUrl>

#include <algorithm>
#include <cmath>
#include <iterator>

namespace sfdesk {

using namespace Qt::StringLiterals;

namespace CloudInit {

namespace {

// Where a JSON value came from in the text.
struct Location
{
    std::optional<TextRange> key;
    TextRange value;
    const YamlNode* node = nullptr;
};

// A plain scalar that YAML 1.1 reads as something other than what it looks like.
struct Surprise
{
    QString pointer;
    ScalarValue value;
    QString text;
    TextRange range;
};

QString escapePointerToken(const QString& token)
{
    QString escaped = token;
    escaped.replace(u'~', u"~0"_s);
    escaped.replace(u'/', u"~1"_s);
    return escaped;
}

QStringList pointerTokens(const QString& pointer)
{
    if (pointer.isEmpty())
        return {};
    QStringList tokens = pointer.mid(1).split(u'/');
    for (QString& token : tokens) {
        token.replace(u"~1"_s, u"/"_s);
        token.replace(u"~0"_s, u"~"_s);
    }
    return tokens;
}

QString dottedPath(const QString& pointer)
{
    return pointerTokens(pointer).join(u'.');
}

QString parentPointer(const QString& pointer)
{
    const qsizetype slash = pointer.lastIndexOf(u'/');
    return slash <= 0 ? QString() : pointer.left(slash);
}

// Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours.
int editDistance(const QString& a, const QString& b)
{
    const qsizetype n = a.size();
    const qsizetype m = b.size();
    QList<QList<int>> d(n + 1, QList<int>(m + 1, 0));
    for (qsizetype i = 0; i <= n; ++i)
        d[i][0] = int(i);
    for (qsizetype j = 0; j <= m; ++j)
        d[0][j] = int(j);
    for (qsizetype i = 1; i <= n; ++i) {
        for (qsizetype j = 1; j <= m; ++j) {
            const int cost = a.at(i - 1) == b.at(j - 1) ? 0 : 1;
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
            if (i > 1 && j > 1 && a.at(i - 1) == b.at(j - 2) && a.at(i - 2) == b.at(j - 1))
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    }
    return d[n][m];
}

// The known key someone typing name most likely meant: the same but for case and - against _, or a
// typo or two away (one for short keys). A deprecated spelling is offered only when nothing else is as
// close. Keys in exclude (the name itself, keys already present) are not offered.
std::optional<QString> nearMissKey(const QString& name, const QList<CloudConfigSchema::Key>& known,
                                   const QSet<QString>& exclude)
{
    const auto normalized = [](const QString& key) { return key.toLower().replace(u'-', u'_'); };
    const QString wanted = normalized(name);
    if (wanted.size() < 3)
        return std::nullopt;
    const int limit = wanted.size() <= 4 ? 1 : wanted.size() <= 12 ? 2 : 3;
    std::optional<QString> best;
    std::pair<int, bool> bestRank{limit + 1, true};
    for (const CloudConfigSchema::Key& key : known) {
        if (exclude.contains(key.name))
            continue;
        const std::pair<int, bool> rank{editDistance(wanted, normalized(key.name)), key.deprecated};
        if (rank.first <= limit && rank < bestRank) {
            bestRank = rank;
            best = key.name;
        }
    }
    return best;
}

// Builds the JSON instance cloud-init would see, recording where every value came from.
class Converter final
{
public:
    QHash<QString, Location> locations;
    QList<Surprise> surprises;
    QList<Diagnostic> problems;

    Json convert(const YamlNode& node, const QString& pointer, std::optional<TextRange> keyRange)
    {
        locations.insert(pointer, Location{keyRange, node.range, &node});
        switch (node.kind) {
        case YamlNode::Kind::Scalar:
            return convertScalar(node, pointer);
        case YamlNode::Kind::Sequence: {
            Json array(jsoncons::json_array_arg);
            for (qsizetype i = 0; i < node.items.size(); ++i)
                array.push_back(
                    convert(*node.items.at(i), pointer + u'/' + QString::number(i), std::nullopt));
            return array;
        }
        case YamlNode::Kind::Mapping: {
            Json object(jsoncons::json_object_arg);
            // Merge keys (<<) first, so that the mapping's own keys win, as in PyYAML.
            for (const YamlNode::Entry& entry : node.entries) {
                if (entry.key->isPlainScalar() && entry.key->value == u"<<")
                    merge(object, *entry.value, pointer);
            }
            for (const YamlNode::Entry& entry : node.entries) {
                if (entry.key->isPlainScalar() && entry.key->value == u"<<")
                    continue;
                if (entry.key->kind != YamlNode::Kind::Scalar) {
                    problems.append(
                        Diagnostic{Severity::Error, entry.key->range, formatPath(entry.key->range.start),
                                   u"A mapping key must be a plain value, not a list or mapping"_s, u"yaml"_s,
                                   std::nullopt});
                    continue;
                }
                const QString name = keyText(*entry.key);
                const QString child = pointer + u'/' + escapePointerToken(name);
                object.insert_or_assign(name.toStdString(), convert(*entry.value, child, entry.key->range));
            }
            return object;
        }
        }
        return Json::null();
    }

    static QString formatPath(const Mark& mark)
    {
        return u"format-l%1.c%2"_s.arg(mark.line + 1).arg(mark.column + 1);
    }

private:
    static QString keyText(const YamlNode& key)
    {
        if (!key.isPlainScalar())
            return key.value;
        const ScalarValue value = resolvePlainScalar(key.value);
        switch (value.type) {
        case ScalarValue::Type::Null:
            return u"None"_s;
        case ScalarValue::Type::Bool:
            return value.boolean ? u"True"_s : u"False"_s;
        case ScalarValue::Type::Int:
            return value.text;
        default:
            return key.value;
        }
    }

    void merge(Json& object, const YamlNode& source, const QString& pointer)
    {
        QList<const YamlNode*> sources;
        if (source.kind == YamlNode::Kind::Mapping) {
            sources.append(&source);
        } else if (source.kind == YamlNode::Kind::Sequence) {
            for (const auto& item : source.items)
                sources.append(item.get());
        }
        for (const YamlNode* mapping : std::as_const(sources)) {
            if (mapping->kind != YamlNode::Kind::Mapping) {
                problems.append(Diagnostic{Severity::Error, mapping->range, formatPath(mapping->range.start),
                                           u"expected a mapping or list of mappings for merging"_s, u"yaml"_s,
                                           std::nullopt});
                continue;
            }
            for (const YamlNode::Entry& entry : mapping->entries) {
                if (entry.key->kind != YamlNode::Kind::Scalar)
                    continue;
                const QString name = keyText(*entry.key);
                if (object.contains(name.toStdString()))
                    continue;
                const QString child = pointer + u'/' + escapePointerToken(name);
                object.insert_or_assign(name.toStdString(), convert(*entry.value, child, entry.key->range));
            }
        }
    }

    Json convertScalar(const YamlNode& node, const QString& pointer)
    {
        ScalarValue value;
        if (!node.tag.isEmpty()) {
            QString error;
            if (!constructTaggedScalar(node.tag, node.value, &value, &error)) {
                problems.append(Diagnostic{Severity::Error, node.range, formatPath(node.range.start),
                                           u"File is not valid YAML. %1"_s.arg(error), u"yaml"_s,
                                           std::nullopt});
                return Json::null();
            }
        } else if (node.style == YamlNode::Style::Plain) {
            value = resolvePlainScalar(node.value);
            if (value.isSurprising())
                surprises.append(Surprise{pointer, value, node.value, node.range});
        } else {
            value.type = ScalarValue::Type::String;
            value.text = node.value;
        }
        switch (value.type) {
        case ScalarValue::Type::Null:
            return Json::null();
        case ScalarValue::Type::Bool:
            return Json(value.boolean);
        case ScalarValue::Type::Int:
            if (value.bigInteger)
                return Json(value.text.toStdString(), jsoncons::semantic_tag::bigint);
            return Json(static_cast<int64_t>(value.integer));
        case ScalarValue::Type::Float:
            return Json(value.real);
        case ScalarValue::Type::Timestamp: {
            // Bytes are neither string nor number for jsoncons, so a date fails "type" as it does in
            // cloud-init, where it is a datetime.date.
            const QByteArray bytes = value.text.toUtf8();
            return Json(jsoncons::byte_string_arg,
                        jsoncons::byte_string_view(reinterpret_cast<const uint8_t*>(bytes.constData()),
                                                   static_cast<size_t>(bytes.size())));
        }
        case ScalarValue::Type::String:
        case ScalarValue::Type::Binary:
            return Json(value.text.toStdString());
        }
        return Json::null();
    }
};

QString pythonRepr(const Json& value, int depth = 0)
{
    if (depth > 20)
        return u"..."_s;
    if (value.is_null())
        return u"None"_s;
    if (value.is_bool())
        return value.as_bool() ? u"True"_s : u"False"_s;
    if (value.is_int64() || value.is_uint64())
        return QString::fromStdString(value.to_string());
    if (value.is_string() && value.tag() == jsoncons::semantic_tag::bigint)
        return QString::fromStdString(value.as_string());
    if (value.is_double()) {
        ScalarValue scalar;
        scalar.type = ScalarValue::Type::Float;
        scalar.real = value.as_double();
        return scalar.pythonRepr();
    }
    if (value.is_string())
        return pythonStringRepr(QString::fromStdString(value.as_string()));
    if (value.is_byte_string()) {
        const auto bytes = value.as_byte_string_view();
        ScalarValue scalar;
        scalar.type = ScalarValue::Type::Timestamp;
        scalar.text = QString::fromUtf8(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()));
        return scalar.pythonRepr();
    }
    QStringList parts;
    if (value.is_array()) {
        for (const auto& item : value.array_range())
            parts.append(pythonRepr(item, depth + 1));
        return u'[' + parts.join(u", "_s) + u']';
    }
    for (const auto& member : value.object_range())
        parts.append(pythonStringRepr(QString::fromStdString(member.key())) + u": "_s
                     + pythonRepr(member.value(), depth + 1));
    return u'{' + parts.join(u", "_s) + u'}';
}

QString shortRepr(const Json& value)
{
    QString repr = pythonRepr(value);
    if (repr.size() > 160)
        repr = repr.left(157) + u"..."_s;
    return repr;
}

// One schema error, reduced the way cloud-init reduces oneOf/anyOf failures.
struct SchemaError
{
    QString pointer;
    QString keyword;
    // JSON pointer into the inlined schema of the failing keyword.
    QString schemaPointer;
    QString message;

    int depth() const { return int(pointerTokens(pointer).size()); }
};

QString schemaPointerOf(const jsoncons::jsonschema::validation_message& message)
{
    const jsoncons::uri& location = message.schema_location();
    QString fragment = QString::fromStdString(std::string(location.fragment()));
    return QUrl::fromPercentEncoding(fragment.toUtf8());
}

const Json* schemaAt(const Json& root, const QString& pointer)
{
    std::error_code ec;
    const std::string path = pointer.toStdString();
    const Json& found = jsoncons::jsonpointer::get(root, path, ec);
    return ec ? nullptr : &found;
}

// The schema object that holds the failing keyword: jsoncons' location names either the keyword or,
// for some keywords, the schema itself.
const Json* keywordOwner(const Json& root, const QString& schemaPointer, const QString& keyword)
{
    const Json* node = schemaAt(root, schemaPointer);
    if (node && node->is_object() && node->contains(keyword.toStdString()))
        return node;
    const Json* parent = schemaAt(root, parentPointer(schemaPointer));
    if (parent && parent->is_object() && parent->contains(keyword.toStdString()))
        return parent;
    return nullptr;
}

const Json* instanceAt(const Json& root, const QString& pointer)
{
    return schemaAt(root, pointer);
}

QString typeList(const Json& type)
{
    if (type.is_string())
        return u"'%1'"_s.arg(QString::fromStdString(type.as_string()));
    QStringList names;
    for (const auto& t : type.array_range())
        names.append(u"'%1'"_s.arg(QString::fromStdString(t.as_string())));
    return names.join(u", "_s);
}

class SchemaChecker final
{
public:
    SchemaChecker(const CloudConfigSchema::Private& schema, const Json& instance)
        : m_schema(schema)
        , m_instance(instance)
    {}

    QList<SchemaError> run()
    {
        QList<SchemaError> errors;
        m_schema.compiled->validate(m_instance, [&](const jsoncons::jsonschema::validation_message& message) {
            errors.append(reduce(message));
            return jsoncons::jsonschema::walk_result::advance;
        });
        // Phrase like cloud-init and drop repeats (jsoncons may report one problem per missing key).
        QList<SchemaError> out;
        QSet<QString> seen;
        for (SchemaError& error : errors) {
            for (SchemaError& phrased : phrase(error)) {
                const QString id = phrased.pointer + u'\n' + phrased.message;
                if (seen.contains(id))
                    continue;
                seen.insert(id);
                out.append(phrased);
            }
        }
        return out;
    }

private:
    QList<SchemaError> reduce(const jsoncons::jsonschema::validation_message& message)
    {
        const QString keyword = QString::fromStdString(message.keyword());
        const QString pointer = QString::fromStdString(message.instance_location().to_string());
        if ((keyword == u"allOf" || keyword.isEmpty()) && !message.details().empty()) {
            QList<SchemaError> all;
            for (const auto& detail : message.details())
                all.append(reduce(detail));
            return all;
        }
        if ((keyword == u"oneOf" || keyword == u"anyOf") && !message.details().empty()) {
            QList<SchemaError> all;
            for (const auto& detail : message.details())
                all.append(reduce(detail));
            const Json* instance = instanceAt(m_instance, pointer);
            if (keyword == u"oneOf")
                return instance ? deepestMatches(all, *instance) : all;
            QList<SchemaError> out;
            if (!all.isEmpty())
                out.append(bestMatch(all));
            out.append(SchemaError{pointer, keyword, schemaPointerOf(message),
                                   u"%1 is not valid under any of the given schemas"_s.arg(
                                       instance ? shortRepr(*instance) : QString())});
            return out;
        }
        return {SchemaError{pointer, keyword, schemaPointerOf(message),
                            QString::fromStdString(message.message())}};
    }

    // cloud_init_deepest_matches(): the errors with the deepest instance path, or for an object with
    // a "type" key, the branch made for that type.
    QList<SchemaError> deepestMatches(const QList<SchemaError>& errors, const Json& instance) const
    {
        QList<SchemaError> best;
        const bool typed = instance.is_object() && instance.contains("type");
        int depth = 0;
        for (const SchemaError& error : errors) {
            if (typed) {
                const Json* keywordParent =
                    keywordOwner(m_schema.inlined, error.schemaPointer, error.keyword);
                if (keywordParent && keywordParent->is_object() && keywordParent->contains("properties")) {
                    const Json& properties = keywordParent->at("properties");
                    if (properties.contains("type") && properties.at("type").contains("enum")) {
                        for (const auto& allowed : properties.at("type").at("enum").array_range()) {
                            if (allowed == instance.at("type"))
                                return {error};
                        }
                    }
                }
                if (error.pointer.endsWith(u"/type"))
                    best.append(error);
            } else if (error.depth() == depth) {
                best.append(error);
            } else if (error.depth() > depth) {
                depth = error.depth();
                best = {error};
            }
        }
        return best;
    }

    // jsonschema's best_match(): the shallowest error, preferring ones that are not oneOf/anyOf.
    static SchemaError bestMatch(const QList<SchemaError>& errors)
    {
        const SchemaError* best = &errors.constFirst();
        const auto weak = [](const SchemaError& e) { return e.keyword == u"oneOf" || e.keyword == u"anyOf"; };
        for (const SchemaError& error : errors) {
            if (error.depth() < best->depth()
                || (error.depth() == best->depth() && weak(*best) && !weak(error)))
                best = &error;
        }
        return *best;
    }

    // Rewrites jsoncons' messages in the words jsonschema uses, which cloud-init prints.
    QList<SchemaError> phrase(const SchemaError& input) const
    {
        SchemaError error = input;
        if (error.keyword == u"additionalProperties") {
            // jsoncons reports the unexpected member; jsonschema reports the object that holds it.
            static const QRegularExpression member(u"^Additional property '(.*)' not allowed"_s);
            const QRegularExpressionMatch match = member.match(error.message);
            if (match.hasMatch()) {
                const QString name = match.captured(1);
                if (!error.pointer.isEmpty() && pointerTokens(error.pointer).constLast() == name)
                    error.pointer = parentPointer(error.pointer);
                error.message = u"Additional properties are not allowed (%1 was unexpected)"_s.arg(
                    pythonStringRepr(name));
                return {error};
            }
        }
        const Json* instance = instanceAt(m_instance, error.pointer);
        const Json* schema = keywordOwner(m_schema.inlined, error.schemaPointer, error.keyword);
        if (!instance || !schema)
            return {error};
        const Json* keywordValue = &schema->at(error.keyword.toStdString());
        SchemaError out = error;
        const QString repr = shortRepr(*instance);
        if (error.keyword == u"type") {
            out.message = u"%1 is not of type %2"_s.arg(repr, typeList(*keywordValue));
        } else if (error.keyword == u"enum") {
            QStringList allowed;
            for (const auto& value : keywordValue->array_range())
                allowed.append(pythonRepr(value));
            out.message = u"%1 is not one of [%2]"_s.arg(repr, allowed.join(u", "_s));
        } else if (error.keyword == u"required" && instance->is_object()) {
            QList<SchemaError> missing;
            for (const auto& name : keywordValue->array_range()) {
                if (!instance->contains(name.as_string())) {
                    SchemaError one = error;
                    one.message = u"%1 is a required property"_s.arg(
                        pythonStringRepr(QString::fromStdString(name.as_string())));
                    missing.append(one);
                }
            }
            if (!missing.isEmpty())
                return missing;
        } else if (error.keyword == u"additionalProperties" && instance->is_object()) {
            QStringList unexpected;
            for (const auto& member : instance->object_range()) {
                const std::string& name = member.key();
                if (schema->contains("properties") && schema->at("properties").contains(name))
                    continue;
                bool matched = false;
                if (schema->contains("patternProperties")) {
                    for (const auto& pattern : schema->at("patternProperties").object_range()) {
                        if (QRegularExpression(QString::fromStdString(pattern.key()))
                                .match(QString::fromStdString(name))
                                .hasMatch())
                            matched = true;
                    }
                }
                if (!matched)
                    unexpected.append(pythonStringRepr(QString::fromStdString(name)));
            }
            if (unexpected.isEmpty())
                return {};
            out.message = unexpected.size() == 1
                              ? u"Additional properties are not allowed (%1 was unexpected)"_s.arg(
                                    unexpected.constFirst())
                              : u"Additional properties are not allowed (%1 were unexpected)"_s.arg(
                                    unexpected.join(u", "_s));
        } else if (error.keyword == u"minItems") {
            out.message = keywordValue->as<int>() == 1 ? u"%1 should be non-empty"_s.arg(repr)
                                                       : u"%1 is too short"_s.arg(repr);
        } else if (error.keyword == u"maxItems") {
            out.message = u"%1 is too long"_s.arg(repr);
        } else if (error.keyword == u"minLength") {
            out.message = keywordValue->as<int>() == 1 ? u"%1 should be non-empty"_s.arg(repr)
                                                       : u"%1 is too short"_s.arg(repr);
        } else if (error.keyword == u"maxLength") {
            out.message = u"%1 is too long"_s.arg(repr);
        } else if (error.keyword == u"pattern") {
            out.message = u"%1 does not match %2"_s.arg(
                repr, pythonStringRepr(QString::fromStdString(keywordValue->as_string())));
        } else if (error.keyword == u"uniqueItems") {
            out.message = u"%1 has non-unique elements"_s.arg(repr);
        } else if (error.keyword == u"minimum") {
            out.message = u"%1 is less than the minimum of %2"_s.arg(repr, pythonRepr(*keywordValue));
        } else if (error.keyword == u"maximum") {
            out.message = u"%1 is greater than the maximum of %2"_s.arg(repr, pythonRepr(*keywordValue));
        } else if (error.keyword == u"minProperties") {
            out.message = u"%1 does not have enough properties"_s.arg(repr);
        } else if (error.keyword == u"oneOf"
                   && error.message.contains(u"more than one"_s, Qt::CaseInsensitive)) {
            out.message = u"%1 is valid under more than one of the given schemas"_s.arg(repr);
        }
        return {out};
    }

    const CloudConfigSchema::Private& m_schema;
    const Json& m_instance;
};

// cloud-init's deprecation handling: "deprecated" and "changed" annotations on the subschemas the
// value actually matched (for oneOf/anyOf only the valid branch).
class DeprecationWalker final
{
public:
    struct Found
    {
        QString pointer;
        QString kind;
        QString version;
        QString description;
    };

    explicit DeprecationWalker(const CloudConfigSchema::Private& schema)
        : m_schema(schema)
    {}

    QList<Found> run(const Json& instance)
    {
        walk(m_schema.inlined, instance, QString());
        return m_found;
    }

private:
    void walk(const Json& schema, const Json& instance, const QString& pointer)
    {
        if (!schema.is_object())
            return;
        for (const char* kind : {"deprecated", "changed"}) {
            const std::string flag = kind;
            if (schema.contains(flag) && schema.at(flag).is_bool() && schema.at(flag).as_bool()) {
                Found found{pointer, QString::fromLatin1(kind),
                            schema.contains(flag + "_version")
                                ? QString::fromStdString(schema.at(flag + "_version").as_string())
                                : u"devel"_s,
                            schema.contains(flag + "_description")
                                ? QString::fromStdString(schema.at(flag + "_description").as_string())
                                : QString()};
                const QString id = found.pointer + u'|' + found.kind + u'|' + found.description;
                if (!m_seen.contains(id)) {
                    m_seen.insert(id);
                    m_found.append(found);
                }
            }
        }
        if (schema.contains("allOf")) {
            for (const auto& part : schema.at("allOf").array_range())
                walk(part, instance, pointer);
        }
        for (const char* combinator : {"oneOf", "anyOf"}) {
            if (!schema.contains(combinator))
                continue;
            for (const auto& part : schema.at(combinator).array_range()) {
                if (m_schema.isValid(part, instance)) {
                    walk(part, instance, pointer);
                    break;
                }
            }
        }
        if (instance.is_object()) {
            for (const auto& member : instance.object_range()) {
                const QString name = QString::fromStdString(member.key());
                const QString child = pointer + u'/' + escapePointerToken(name);
                bool matched = false;
                if (schema.contains("properties") && schema.at("properties").contains(member.key())) {
                    walk(schema.at("properties").at(member.key()), member.value(), child);
                    matched = true;
                }
                if (schema.contains("patternProperties")) {
                    for (const auto& pattern : schema.at("patternProperties").object_range()) {
                        if (QRegularExpression(QString::fromStdString(pattern.key()))
                                .match(name)
                                .hasMatch()) {
                            walk(pattern.value(), member.value(), child);
                            matched = true;
                        }
                    }
                }
                if (!matched && schema.contains("additionalProperties"))
                    walk(schema.at("additionalProperties"), member.value(), child);
            }
        }
        if (instance.is_array() && schema.contains("items")) {
            const Json& items = schema.at("items");
            std::size_t index = 0;
            for (const auto& item : instance.array_range()) {
                const QString child = pointer + u'/' + QString::number(index);
                if (items.is_object())
                    walk(items, item, child);
                else if (items.is_array() && index < items.size())
                    walk(items.at(index), item, child);
                ++index;
            }
        }
    }

    const CloudConfigSchema::Private& m_schema;
    QList<Found> m_found;
    QSet<QString> m_seen;
};

// Unicode's table 3-7 of well-formed UTF-8 byte sequences, a row for each run of lead bytes: the
// sequence's length and the range of the byte after the lead (every later byte is 0x80 to 0xBF).
// What is left out are overlong forms, surrogates and code points past U+10FFFF.
struct Utf8Lead
{
    unsigned char first;
    unsigned char last;
    int length;
    unsigned char low;
    unsigned char high;
};
constexpr Utf8Lead Utf8Leads[] = {
    {0xC2, 0xDF, 2, 0x80, 0xBF}, {0xE0, 0xE0, 3, 0xA0, 0xBF}, {0xE1, 0xEC, 3, 0x80, 0xBF},
    {0xED, 0xED, 3, 0x80, 0x9F}, {0xEE, 0xEF, 3, 0x80, 0xBF}, {0xF0, 0xF0, 4, 0x90, 0xBF},
    {0xF1, 0xF3, 4, 0x80, 0xBF}, {0xF4, 0xF4, 4, 0x80, 0x8F},
};

class Validation final
{
public:
    Validation(ValidationResult& result, const QJsonObject& instanceData)
        : m_result(result)
        , m_instanceData(instanceData)
    {}

    // inflated: the content of gzip-compressed user data, whose size as sent was already checked.
    void run(QByteArrayView utf8, bool inflated = false)
    {
        if (!inflated) {
            m_result.size = payloadSize(utf8);
            checkSize();
        }
        m_result.type = detectUserDataType(utf8);
        if (m_result.type == UserDataType::Gzip && !inflated) {
            validateGzip(utf8);
            return;
        }
        if (m_result.type != UserDataType::Gzip && !checkEncoding(utf8))
            return;
        const QString text = QString::fromUtf8(utf8);
        const QString firstLine = text.section(u'\n', 0, 0);
        switch (m_result.type) {
        case UserDataType::CloudConfig:
            if (utf8.startsWith("\xEF\xBB\xBF"))
                add(Severity::Warning, {{0, 0}, {0, 1}}, u"format-l1.c1"_s,
                    u"The file starts with a byte order mark; write it as UTF-8 without BOM"_s, u"header"_s);
            if (!firstLine.trimmed().startsWith(u"#cloud-config"_s))
                add(Severity::Warning, {{0, 0}, {0, int(firstLine.size())}}, u"format-l1.c1"_s,
                    u"#cloud-config should be the very first line"_s, u"header"_s);
            validateCloudConfig(utf8);
            return;
        case UserDataType::Jinja:
            validateJinja(text, utf8);
            return;
        case UserDataType::Unknown:
            unknownHeader(text, firstLine);
            return;
        case UserDataType::ShellScript:
            add(Severity::Info, {{0, 0}, {0, int(firstLine.size())}}, u"format-l1.c1"_s,
                u"Shell script (%1): cloud-init runs it once per instance; it is not checked against the "
                u"cloud-config schema"_s.arg(firstLine.mid(2).trimmed()),
                u"header"_s);
            return;
        default:
            add(Severity::Info, {{0, 0}, {0, int(firstLine.size())}}, u"format-l1.c1"_s,
                u"User data of type %1 is not checked against the cloud-config schema"_s.arg(
                    mimeTypeOf(m_result.type)),
                u"header"_s);
            return;
        }
    }

private:
    void add(Severity severity, const TextRange& range, const QString& path, const QString& message,
             const QString& code, std::optional<QuickFix> fix = std::nullopt)
    {
        m_result.diagnostics.append(Diagnostic{severity, range, path, message, code, std::move(fix)});
    }

    void checkSize()
    {
        const PayloadSize& size = m_result.size;
        const auto kib = [](qint64 bytes) { return QString::number(double(bytes) / 1024.0, 'f', 1); };
        QString gzip;
        if (size.gzipBase64 > 0 && size.gzipBase64 <= PayloadSize::limit)
            gzip = u"; gzip-compressed it is %1 KiB in base64, within the limit (cloud-init reads gzip user "
                   u"data)"_s.arg(kib(size.gzipBase64));
        // One reading of the limit: it holds for the base64 text the API is sent (userdata.h).
        if (size.base64Exceeds())
            add(Severity::Error, {}, u"format-l1.c1"_s,
                u"User data is %1 KiB, %2 KiB in base64 as it is sent in cloud_init_user_data: over the 64 "
                u"KiB "
                u"limit%3"_s.arg(kib(size.raw), kib(size.base64), gzip),
                u"size"_s);
    }

    // cloud-init decompresses gzip user data, then reads what it finds like any other.
    void validateGzip(QByteArrayView data)
    {
        const std::optional<QByteArray> content = gzipDecompress(data, YamlLimits::maxDocumentBytes);
        if (!content) {
            add(Severity::Error, {}, u"format-l1.c1"_s,
                u"Gzip-compressed user data that does not decompress: damaged, or over %1 KiB decompressed"_s
                    .arg(YamlLimits::maxDocumentBytes / 1024),
                u"gzip"_s);
            return;
        }
        ValidationResult inner;
        Validation(inner, m_instanceData).run(*content, true);
        add(Severity::Info, {}, u"format-l1.c1"_s,
            u"Gzip-compressed user data (%1 bytes, %2 decompressed), checked as decompressed"_s
                .arg(data.size())
                .arg(content->size()),
            u"gzip"_s);
        m_result.type = inner.type;
        m_result.schemaChecked = inner.schemaChecked;
        m_result.diagnostics.append(inner.diagnostics);
    }

    // cloud-init reads user data as UTF-8 text (gzip aside); a NUL byte or a broken sequence would stop
    // it, and libyaml's own message names neither the line nor the cause. False when one was found.
    bool checkEncoding(QByteArrayView utf8)
    {
        const qsizetype nul = utf8.indexOf('\0');
        const qsizetype invalid = firstInvalidUtf8(utf8);
        if (nul >= 0) {
            const Mark mark = markAt(utf8, nul);
            add(Severity::Error, {mark, {mark.line, mark.column + 1}}, Converter::formatPath(mark),
                u"The text contains a NUL byte (line %1, column %2); user data must be text"_s
                    .arg(mark.line + 1)
                    .arg(mark.column + 1),
                u"encoding"_s);
        }
        if (invalid >= 0) {
            const Mark mark = markAt(utf8, invalid);
            add(Severity::Error, {mark, {mark.line, mark.column + 1}}, Converter::formatPath(mark),
                u"Invalid UTF-8 at line %1, column %2 (byte 0x%3); save the file as UTF-8"_s
                    .arg(mark.line + 1)
                    .arg(mark.column + 1)
                    .arg(uint(static_cast<unsigned char>(utf8.at(invalid))), 2, 16, QChar(u'0')),
                u"encoding"_s);
        }
        return nul < 0 && invalid < 0;
    }

    // The offset of the first byte that does not start a well-formed UTF-8 sequence (no overlong
    // forms, surrogates or code points past U+10FFFF), or -1.
    static qsizetype firstInvalidUtf8(QByteArrayView utf8)
    {
        const qsizetype size = utf8.size();
        qsizetype i = 0;
        while (i < size) {
            const auto byte = [&](qsizetype at) { return static_cast<unsigned char>(utf8.at(at)); };
            const unsigned char lead = byte(i);
            if (lead < 0x80) {
                ++i;
                continue;
            }
            const auto row =
                std::find_if(std::begin(Utf8Leads), std::end(Utf8Leads),
                             [lead](const Utf8Lead& r) { return lead >= r.first && lead <= r.last; });
            if (row == std::end(Utf8Leads))
                return i;
            const int length = row->length;
            if (i + length > size)
                return i;
            if (byte(i + 1) < row->low || byte(i + 1) > row->high)
                return i;
            for (int k = 2; k < length; ++k) {
                if ((byte(i + k) & 0xC0) != 0x80)
                    return i;
            }
            i += length;
        }
        return -1;
    }

    // The 0-based line and column (in UTF-16 units, as the editor counts) of a byte offset.
    static Mark markAt(QByteArrayView utf8, qsizetype offset)
    {
        const QByteArrayView before = utf8.first(offset);
        const qsizetype lineStart = before.lastIndexOf('\n') + 1;
        return Mark{int(before.count('\n')), int(QString::fromUtf8(before.sliced(lineStart)).size())};
    }

    // The code of a limit the input went over; empty for a syntax error, which is no limit.
    static QString limitCode(YamlError::Kind kind)
    {
        switch (kind) {
        case YamlError::Kind::RecursiveAlias:
            return u"recursive-alias"_s;
        case YamlError::Kind::AliasExpansion:
            return u"alias-expansion"_s;
        case YamlError::Kind::TooDeep:
            return u"too-deep"_s;
        case YamlError::Kind::TooLarge:
            return u"too-large"_s;
        case YamlError::Kind::Syntax:
            break;
        }
        return {};
    }

    void limitExceeded(const YamlError& error)
    {
        const QString code = limitCode(error.kind);
        if (code.isEmpty())
            return;
        QString message = error.problem;
        if (!message.isEmpty())
            message[0] = message[0].toUpper();
        const Mark mark = error.problemMark;
        add(Severity::Error, {mark, {mark.line, mark.column + 1}}, Converter::formatPath(mark), message,
            code);
    }

    void unknownHeader(const QString& text, const QString& firstLine)
    {
        QString hint;
        if (firstLine.trimmed() == u"---"
            && text.section(u'\n', 1, 1).trimmed().startsWith(u"#cloud-config"_s))
            hint = u" A YAML document marker (---) before #cloud-config hides the header: remove it."_s;
        std::optional<QuickFix> fix;
        if (hint.isEmpty()) {
            fix = QuickFix{u"Insert the #cloud-config header"_s,
                           {TextEdit{{{0, 0}, {0, 0}}, u"#cloud-config\n"_s}}};
        } else {
            fix = QuickFix{u"Remove the --- line"_s, {TextEdit{{{0, 0}, {1, 0}}, QString()}}};
        }
        add(Severity::Error, {{0, 0}, {0, int(firstLine.size())}}, u"format-l1.c1"_s,
            u"Unrecognized user-data header: \"%1\". Expected first line to be one of: %2.%3"_s.arg(
                firstLine.left(80), knownHeadersText(), hint),
            u"header"_s, fix);
    }

    void validateJinja(const QString& text, QByteArrayView utf8)
    {
        const QString second = text.section(u'\n', 1, 1);
        const UserDataType rendered = detectUserDataType(second.toUtf8());
        if (rendered == UserDataType::Unknown) {
            add(Severity::Error, {{1, 0}, {1, int(second.size())}}, u"format-l2.c1"_s,
                u"After ## template: jinja the second line must be a user-data header such as #cloud-config"_s,
                u"header"_s);
            return;
        }
        if (rendered != UserDataType::CloudConfig)
            return;
        if (text.contains(u"{{"_s) || text.contains(u"{%"_s) || text.contains(u"{#"_s)) {
            validateRenderedJinja(text, utf8);
            return;
        }
        // The template line is a YAML comment, so line numbers stay those of the file.
        validateCloudConfig(utf8);
    }

    // cloud-init renders the template with the instance's data, then checks the result; so does the
    // editor, with sample (or the user's) instance data, and reports the result's problems at the
    // template lines they come from.
    void validateRenderedJinja(const QString& text, QByteArrayView utf8)
    {
        const JinjaRender render = renderJinja(utf8, m_instanceData);
        const int headerLength = int(text.section(u'\n', 0, 0).size());
        for (const JinjaProblem& p : render.problems) {
            const Severity severity =
                p.kind == JinjaProblem::Kind::Syntax ? Severity::Error : Severity::Warning;
            const QString code = p.kind == JinjaProblem::Kind::Unsupported ? u"jinja-unsupported"_s
                                 : p.kind == JinjaProblem::Kind::Undefined ? u"jinja-undefined"_s
                                 : p.kind == JinjaProblem::Kind::Limit     ? u"jinja-limit"_s
                                                                           : u"jinja"_s;
            add(severity, {{p.line, p.column}, {p.line, p.column + 2}},
                u"format-l%1.c%2"_s.arg(p.line + 1).arg(p.column + 1), p.message, code);
        }
        if (!render.complete()) {
            add(Severity::Info, {{0, 0}, {0, headerLength}}, u"format-l1.c1"_s,
                u"Jinja template: not rendered completely, so the rendered cloud-config was not checked"_s,
                u"jinja"_s);
            return;
        }
        add(Severity::Info, {{0, 0}, {0, headerLength}}, u"format-l1.c1"_s,
            u"Jinja template: rendered with the instance data given for it (v1.*, ds.*) and checked as "
            u"cloud-init "
            u"checks the result"_s,
            u"jinja"_s);
        if (detectUserDataType(render.text) == UserDataType::Jinja) {
            add(Severity::Warning, {{1, 0}, {1, 1}}, u"format-l2.c1"_s,
                u"The rendered text is a Jinja template again; the editor renders once"_s, u"jinja"_s);
            return;
        }
        ValidationResult rendered;
        Validation(rendered, m_instanceData).run(render.text, true);
        m_result.schemaChecked = rendered.schemaChecked;
        const auto templateLine = [&render](int line) {
            if (render.lineMap.isEmpty())
                return 0;
            return render.lineMap.value(line, render.lineMap.last());
        };
        for (Diagnostic d : std::as_const(rendered.diagnostics)) {
            const bool sameLine = d.range.start.line == d.range.end.line;
            d.range.start.line = templateLine(d.range.start.line);
            d.range.end.line = sameLine ? d.range.start.line : templateLine(d.range.end.line);
            // A fix would edit the rendered text, not the template.
            d.fix.reset();
            m_result.diagnostics.append(d);
        }
    }

    void validateCloudConfig(QByteArrayView utf8)
    {
        m_result.schemaChecked = true;
        const YamlDocument document = parseYaml(utf8);
        for (const YamlDuplicateKey& duplicate : document.duplicateKeys) {
            add(Severity::Warning, duplicate.duplicate, Converter::formatPath(duplicate.duplicate.start),
                u"Duplicate key '%1' (first on line %2): YAML keeps only this last value"_s.arg(duplicate.key)
                    .arg(duplicate.first.start.line + 1),
                u"duplicate-key"_s);
        }
        if (document.error && document.error->kind != YamlError::Kind::Syntax) {
            limitExceeded(*document.error);
            return;
        }
        if (document.error) {
            const YamlError& error = *document.error;
            const Mark mark = error.reportedMark();
            const Mark problem = error.problemMark;
            add(Severity::Error, {problem, {problem.line, problem.column + 1}}, Converter::formatPath(mark),
                u"File is not valid YAML. %1"_s.arg(error.toString().replace(u'\n', u' ').simplified()),
                u"yaml"_s);
            return;
        }
        if (!document.root) {
            // cloud-init's schema check refuses it ("is not a YAML dict").
            add(Severity::Error, {}, u"format-l1.c1"_s,
                u"The cloud-config is empty: it must be a YAML mapping"_s, u"empty"_s);
            return;
        }
        if (document.root->kind != YamlNode::Kind::Mapping) {
            add(Severity::Error, document.root->range, Converter::formatPath(document.root->range.start),
                u"A cloud-config must be a YAML mapping (key: value lines)"_s, u"yaml"_s);
            return;
        }
        Converter converter;
        const Json instance = converter.convert(*document.root, QString(), std::nullopt);
        m_locations = std::move(converter.locations);
        for (const Diagnostic& problem : std::as_const(converter.problems))
            m_result.diagnostics.append(problem);
        if (!converter.problems.isEmpty())
            return;

        const CloudConfigSchema::Private& schema = CloudConfigSchema::bundled().d();
        QHash<QString, Surprise> surprises;
        for (const Surprise& surprise : std::as_const(converter.surprises))
            surprises.insert(surprise.pointer, surprise);

        const QList<SchemaError> errors = SchemaChecker(schema, instance).run();
        QSet<QString> failing;
        for (const SchemaError& error : errors) {
            QString path = dottedPath(error.pointer);
            TextRange range = rangeFor(error.pointer, error.keyword != u"required");
            QString message = error.message;
            std::optional<QuickFix> fix;
            if (error.keyword == u"additionalProperties") {
                // cloud-init names the unexpected top-level key; elsewhere the object's path.
                static const QRegularExpression single(u"\\('([^']*)' was unexpected\\)"_s);
                const QRegularExpressionMatch match = single.match(error.message);
                if (match.hasMatch()) {
                    const QString name = match.captured(1);
                    const auto found = m_locations.constFind(error.pointer + u'/' + escapePointerToken(name));
                    if (found != m_locations.constEnd() && found->key)
                        range = *found->key;
                    if (error.pointer.isEmpty())
                        path = name;
                    if (const auto meant = nearMiss(name, error.pointer, instance)) {
                        message += u". Did you mean '%1'?"_s.arg(*meant);
                        if (found != m_locations.constEnd() && found->key)
                            fix = QuickFix{u"Rename to %1"_s.arg(*meant), {TextEdit{*found->key, *meant}}};
                    }
                }
            }
            if (const auto found = surprises.constFind(error.pointer); !fix && found != surprises.constEnd())
                fix = quoteFix(*found);
            failing.insert(error.pointer);
            add(Severity::Error, range, path, message, u"schema"_s, fix);
        }
        suggestKeysTheValuesFit(instance, failing);

        for (const DeprecationWalker::Found& found : constValue(DeprecationWalker(schema).run(instance))) {
            QString label = found.kind;
            label[0] = label[0].toUpper();
            const QString message =
                u"%1 in version %2. %3"_s.arg(label, found.version, descriptionToPlainText(found.description))
                    .trimmed();
            add(found.kind == u"deprecated" ? Severity::Warning : Severity::Info,
                rangeFor(found.pointer, false), dottedPath(found.pointer), message, u"deprecated"_s,
                renameFix(found));
        }

        for (const Surprise& surprise : std::as_const(converter.surprises)) {
            if (failing.contains(surprise.pointer))
                continue;
            add(surprise.value.form == ScalarValue::Form::WordBool ? Severity::Info : Severity::Warning,
                surprise.range, dottedPath(surprise.pointer), surpriseMessage(surprise), u"yaml11-type"_s,
                quoteFix(surprise));
        }
        checkUsers(instance);
        checkKeys(instance);
        checkPasswords(instance);
    }

    // A key the schema knows next to the unknown key name in the object at pointer, not already there.
    std::optional<QString> nearMiss(const QString& name, const QString& objectPointer,
                                    const Json& instance) const
    {
        QSet<QString> exclude{name};
        if (const Json* object = instanceAt(instance, objectPointer); object && object->is_object()) {
            for (const auto& member : object->object_range())
                exclude.insert(QString::fromStdString(member.key()));
        }
        return nearMissKey(name, CloudConfigSchema::bundled().keysAt(pointerTokens(objectPointer)), exclude);
    }

    // A top-level key whose value is wrong for it but right for a key of a near spelling (user: [a, b]
    // where users was meant) gets a hint and a rename.
    void suggestKeysTheValuesFit(const Json& instance, const QSet<QString>& failing)
    {
        if (!instance.is_object())
            return;
        const CloudConfigSchema::Private& schema = CloudConfigSchema::bundled().d();
        const QList<CloudConfigSchema::Key> known = CloudConfigSchema::bundled().keysAt({});
        QSet<QString> present;
        for (const auto& member : instance.object_range())
            present.insert(QString::fromStdString(member.key()));
        for (const auto& member : instance.object_range()) {
            const QString name = QString::fromStdString(member.key());
            const QString pointer = u'/' + escapePointerToken(name);
            const bool keyFails = std::any_of(failing.cbegin(), failing.cend(), [&](const QString& p) {
                return p == pointer || p.startsWith(pointer + u'/');
            });
            if (!keyFails
                || !std::any_of(known.cbegin(), known.cend(), [&](const auto& k) { return k.name == name; }))
                continue;
            const std::optional<QString> meant = nearMissKey(name, known, present);
            if (!meant || !fitsTopLevelKey(schema, meant->toStdString(), member.value()))
                continue;
            const auto location = m_locations.constFind(pointer);
            if (location == m_locations.constEnd() || !location->key)
                continue;
            add(Severity::Info, *location->key, name,
                u"Did you mean '%1'? The value fits '%1', not '%2'."_s.arg(*meant, name), u"near-miss"_s,
                QuickFix{u"Rename to %1"_s.arg(*meant), {TextEdit{*location->key, *meant}}});
        }
    }

    // Whether value is valid for a top-level key: against every schema the root gives it (its
    // properties entry and the module schemas of allOf).
    static bool fitsTopLevelKey(const CloudConfigSchema::Private& schema, const std::string& key,
                                const Json& value)
    {
        QList<const Json*> parts;
        const auto collect = [&](const Json& owner) {
            if (owner.is_object() && owner.contains("properties") && owner.at("properties").contains(key)) {
                const Json& part = owner.at("properties").at(key);
                if (!part.is_object() || !part.empty())
                    parts.append(&part);
            }
        };
        collect(schema.inlined);
        if (schema.inlined.contains("allOf")) {
            for (const auto& part : schema.inlined.at("allOf").array_range())
                collect(part);
        }
        return !parts.isEmpty() && std::all_of(parts.cbegin(), parts.cend(), [&](const Json* part) {
            return schema.isValid(*part, value);
        });
    }

    // The range to underline for a problem at pointer: the value when it sits on the key's line
    // (or has no key), else the key.
    TextRange rangeFor(const QString& pointer, bool preferValue) const
    {
        const auto found = m_locations.constFind(pointer);
        if (found == m_locations.constEnd())
            return {};
        const Location& location = *found;
        const YamlNode* node = location.node;
        const bool sameLine = !location.key || location.value.start.line == location.key->start.line;
        if (location.key && (!preferValue || !sameLine || node->kind != YamlNode::Kind::Scalar))
            return *location.key;
        TextRange range = location.value;
        if (node->kind == YamlNode::Kind::Mapping && !node->entries.isEmpty()
            && node->style == YamlNode::Style::Block)
            return node->entries.constFirst().key->range;
        if (range.end.line != range.start.line)
            range.end = {range.start.line, range.start.column + 1};
        return range;
    }

    static QString surpriseMessage(const Surprise& surprise)
    {
        const ScalarValue& value = surprise.value;
        switch (value.form) {
        case ScalarValue::Form::Octal:
            return u"Unquoted %1 is read as the octal number %2 (YAML 1.1); quote it if you mean the text"_s
                .arg(surprise.text, value.text);
        case ScalarValue::Form::Hexadecimal:
        case ScalarValue::Form::BinaryDigits:
            return u"Unquoted %1 is read as the number %2 (YAML 1.1); quote it if you mean the text"_s.arg(
                surprise.text, value.text);
        case ScalarValue::Form::Sexagesimal:
            return u"Unquoted %1 is read as the base-60 number %2 (YAML 1.1); quote it if you mean the text"_s
                .arg(surprise.text, value.type == ScalarValue::Type::Int ? value.text : value.pythonRepr());
        case ScalarValue::Form::WordBool:
            return u"Unquoted %1 is read as the boolean %2 (YAML 1.1)"_s.arg(
                surprise.text, value.boolean ? u"true"_s : u"false"_s);
        case ScalarValue::Form::Date:
            return u"Unquoted %1 is read as a date, not text (YAML 1.1); quote it"_s.arg(surprise.text);
        case ScalarValue::Form::Ordinary:
            break;
        }
        return {};
    }

    static QuickFix quoteFix(const Surprise& surprise)
    {
        return QuickFix{u"Quote %1"_s.arg(surprise.text),
                        {TextEdit{surprise.range, u'\'' + surprise.text + u'\''}}};
    }

    std::optional<QuickFix> renameFix(const DeprecationWalker::Found& found) const
    {
        static const QRegularExpression use(u"^Use \\*\\*([A-Za-z0-9_]+)\\*\\* instead"_s);
        const QRegularExpressionMatch match = use.match(found.description);
        if (!match.hasMatch())
            return std::nullopt;
        const auto location = m_locations.constFind(found.pointer);
        if (location == m_locations.constEnd() || !location->key)
            return std::nullopt;
        const QString replacement = match.captured(1);
        const QString sibling = parentPointer(found.pointer) + u'/' + escapePointerToken(replacement);
        if (m_locations.contains(sibling))
            return std::nullopt;
        return QuickFix{u"Rename to %1"_s.arg(replacement), {TextEdit{*location->key, replacement}}};
    }

    void checkUsers(const Json& instance)
    {
        if (!instance.contains("users"))
            return;
        const Json& users = instance.at("users");
        bool hasDefault = false;
        if (users.is_string()) {
            for (const QString& name : constValue(QString::fromStdString(users.as_string()).split(u',')))
                hasDefault = hasDefault || name.trimmed() == u"default";
        } else if (users.is_array()) {
            for (const auto& user : users.array_range()) {
                if (user.is_string()) {
                    for (const QString& name :
                         constValue(QString::fromStdString(user.as_string()).split(u',')))
                        hasDefault = hasDefault || name.trimmed() == u"default";
                }
            }
        } else {
            return;
        }
        if (!hasDefault)
            add(Severity::Warning, rangeFor(u"/users"_s, false), u"users"_s,
                u"users has no 'default' entry: the image's default user will not be created and keys the "
                u"cloud provides may not be installed"_s,
                u"users-default"_s);
    }

    void checkKeyList(const Json& keys, const QString& pointer)
    {
        if (!keys.is_array())
            return;
        std::size_t index = 0;
        for (const auto& key : keys.array_range()) {
            const QString child = pointer + u'/' + QString::number(index++);
            if (!key.is_string())
                continue;
            QString problem;
            if (!parseAuthorizedKey(QString::fromStdString(key.as_string()), nullptr, &problem)) {
                const bool secret = problem.contains(u"private key"_s);
                add(secret ? Severity::Error : Severity::Warning, rangeFor(child, true), dottedPath(child),
                    u"Not a usable public key: %1"_s.arg(problem), u"public-key"_s);
            }
        }
    }

    void checkKeys(const Json& instance)
    {
        if (instance.contains("ssh_authorized_keys"))
            checkKeyList(instance.at("ssh_authorized_keys"), u"/ssh_authorized_keys"_s);
        if (!instance.contains("users") || !instance.at("users").is_array())
            return;
        std::size_t index = 0;
        for (const auto& user : instance.at("users").array_range()) {
            const QString pointer = u"/users/"_s + QString::number(index++);
            if (!user.is_object())
                continue;
            for (const char* name : {"ssh_authorized_keys", "ssh-authorized-keys"}) {
                if (user.contains(name))
                    checkKeyList(user.at(name), pointer + u'/' + QString::fromLatin1(name));
            }
        }
    }

    void checkPasswords(const Json& instance)
    {
        QStringList passwordPaths;
        if (instance.contains("password"))
            passwordPaths.append(u"/password"_s);
        if (instance.contains("chpasswd") && instance.at("chpasswd").is_object()
            && (instance.at("chpasswd").contains("users") || instance.at("chpasswd").contains("list")))
            passwordPaths.append(u"/chpasswd"_s);
        if (instance.contains("users") && instance.at("users").is_array()) {
            std::size_t index = 0;
            for (const auto& user : instance.at("users").array_range()) {
                const QString pointer = u"/users/"_s + QString::number(index++);
                if (!user.is_object())
                    continue;
                for (const char* name : {"passwd", "hashed_passwd", "plain_text_passwd"}) {
                    if (user.contains(name))
                        passwordPaths.append(pointer + u'/' + QString::fromLatin1(name));
                }
                if (user.contains("plain_text_passwd")) {
                    const QString pointerToKey = pointer + u"/plain_text_passwd"_s;
                    add(Severity::Warning, rangeFor(pointerToKey, false), dottedPath(pointerToKey),
                        u"A plain-text password in user data can be read back from the metadata service; use "
                        u"an SSH key or hashed_passwd"_s,
                        u"password"_s);
                }
            }
        }
        if (!instance.contains("ssh_pwauth"))
            return;
        const Json& pwauth = instance.at("ssh_pwauth");
        const bool enabled = (pwauth.is_bool() && pwauth.as_bool())
                             || (pwauth.is_string()
                                 && QStringList{u"yes"_s, u"true"_s, u"on"_s}.contains(
                                     QString::fromStdString(pwauth.as_string()).toLower()));
        if (enabled && !passwordPaths.isEmpty())
            add(Severity::Warning, rangeFor(u"/ssh_pwauth"_s, false), u"ssh_pwauth"_s,
                u"Password login over SSH is enabled while user data sets passwords (%1): anyone who learns "
                u"one "
                u"can log in. Prefer ssh_pwauth: false with SSH keys"_s.arg([&] {
                    QStringList paths;
                    for (const QString& p : std::as_const(passwordPaths))
                        paths.append(dottedPath(p));
                    return paths.join(u", "_s);
                }()),
                u"password"_s);
    }

    ValidationResult& m_result;
    const QJsonObject& m_instanceData;
    QHash<QString, Location> m_locations;
};

} // namespace

QString severityName(Severity severity)
{
    switch (severity) {
    case Severity::Error:
        return u"error"_s;
    case Severity::Warning:
        return u"warning"_s;
    case Severity::Info:
        return u"info"_s;
    }
    return {};
}

bool ValidationResult::valid() const
{
    return count(Severity::Error) == 0;
}

qsizetype ValidationResult::count(Severity severity) const
{
    return std::count_if(diagnostics.cbegin(), diagnostics.cend(),
                         [severity](const Diagnostic& d) { return d.severity == severity; });
}

ValidationResult validateUserData(QByteArrayView utf8)
{
    static const QJsonObject sample = sampleInstanceData();
    return validateUserData(utf8, sample);
}

ValidationResult validateUserData(QByteArrayView utf8, const QJsonObject& instanceData)
{
    QElapsedTimer timer;
    timer.start();
    ValidationResult result;
    Validation(result, instanceData).run(utf8);
    std::stable_sort(result.diagnostics.begin(), result.diagnostics.end(),
                     [](const Diagnostic& a, const Diagnostic& b) {
                         if (a.range.start.line != b.range.start.line)
                             return a.range.start.line < b.range.start.line;
                         return a.range.start.column < b.range.start.column;
                     });
    qCDebug(lcCloudInit) << "validated" << utf8.size() << "bytes in" << timer.elapsed()
                         << "ms:" << result.count(Severity::Error) << "error(s),"
                         << result.count(Severity::Warning) << "warning(s)";
    return result;
}

QStringList keyPathAt(const QString& text, int line, int column)
{
    // Runs on every keystroke that may complete, so it walks up from the cursor's line and looks
    // closely only at lines indented less than what it has found so far: a large document costs a
    // scan for line breaks, not a regular expression per line.
    if (line < 0)
        return {};
    qsizetype lineStart = 0;
    for (int i = 0; i < line; ++i) {
        lineStart = text.indexOf(u'\n', lineStart);
        if (lineStart < 0)
            return {};
        ++lineStart;
    }
    static const QRegularExpression keyLine(
        u"^(\\s*)(-\\s+)?([^\\s#:'\"][^:#]*?|'[^']*'|\"[^\"]*\"):(\\s|$)"_s);
    static const QRegularExpression dashLine(u"^(\\s*)-(\\s|$)"_s);
    QStringList path;
    // The indentation a parent must be shallower than.
    int limit = column;
    {
        // On the cursor's own line, a "- " before the cursor puts us inside a sequence item.
        const qsizetype lineEnd = text.indexOf(u'\n', lineStart);
        const QString current =
            text.mid(lineStart, (lineEnd < 0 ? text.size() : lineEnd) - lineStart).left(column);
        const QRegularExpressionMatch dash = dashLine.match(current);
        if (dash.hasMatch()) {
            limit = int(dash.capturedLength(1));
            path.prepend(u"[]"_s);
        }
    }
    qsizetype end = lineStart - 1; // the line break before the line looked at
    while (end >= 0 && limit > 0) {
        const qsizetype start = end == 0 ? 0 : text.lastIndexOf(u'\n', end - 1) + 1;
        const QStringView view = QStringView(text).sliced(start, end - start);
        end = start - 1;
        qsizetype indent = 0;
        while (indent < view.size() && view.at(indent).isSpace())
            ++indent;
        // Blank, a comment, or indented too deep to hold what the cursor is in.
        if (indent == view.size() || view.at(indent) == u'#' || indent >= limit)
            continue;
        const QString candidate = view.toString();
        const int leading = int(indent);
        const QRegularExpressionMatch key = keyLine.match(candidate);
        if (key.hasMatch()) {
            const int keyColumn = int(key.capturedStart(3));
            if (keyColumn < limit) {
                QString name = key.captured(3).trimmed();
                if (name.size() >= 2 && (name.front() == u'\'' || name.front() == u'"'))
                    name = name.mid(1, name.size() - 2);
                path.prepend(name);
                if (!key.captured(2).isEmpty()) {
                    path.prepend(u"[]"_s);
                    limit = leading;
                } else {
                    limit = keyColumn;
                }
                continue;
            }
        }
        const QRegularExpressionMatch dash = dashLine.match(candidate);
        if (dash.hasMatch() && leading < limit) {
            path.prepend(u"[]"_s);
            limit = leading;
        } else if (leading < limit && !key.hasMatch()) {
            limit = leading;
        }
    }
    return path;
}

} // namespace CloudInit

} // namespace sfdesk
