// SPDX-License-Identifier: Apache-2.0

#include "core/cloudinit/cloudconfigschema_p.h"

#include <QFile>
#include <QRegularExpression>

#include <atomic>
#include <stdexcept>

namespace sfdesk {

using namespace Qt::StringLiterals;

namespace CloudInit {

namespace {

// Replaces each {"$ref": "#/..."} by a copy of its target. This is draft-04's rule (siblings of $ref
// are ignored) and avoids jsoncons 1.3's mis-resolution of references to patternProperties.
Json inlineReferences(const Json& node, const Json& root, int depth = 0)
{
    if (depth > 64)
        throw std::runtime_error("schema references nest too deeply");
    if (node.is_object()) {
        if (node.contains("$ref")) {
            const std::string ref = node.at("$ref").as_string();
            if (!ref.starts_with('#'))
                throw std::runtime_error("unsupported schema reference " + ref);
            const std::string path = ref.substr(1);
            const Json& target = jsoncons::jsonpointer::get(root, path);
            return inlineReferences(target, root, depth + 1);
        }
        Json out(jsoncons::json_object_arg);
        for (const auto& member : node.object_range())
            out.insert_or_assign(member.key(), inlineReferences(member.value(), root, depth + 1));
        return out;
    }
    if (node.is_array()) {
        Json out(jsoncons::json_array_arg);
        for (const auto& item : node.array_range())
            out.push_back(inlineReferences(item, root, depth + 1));
        return out;
    }
    return node;
}

// The subschema and the ones it combines with allOf/oneOf/anyOf.
void expand(const Json& schema, QList<const Json*>& out)
{
    if (!schema.is_object())
        return;
    out.append(&schema);
    for (const char* combinator : {"allOf", "oneOf", "anyOf"}) {
        if (schema.contains(combinator) && schema.at(combinator).is_array()) {
            for (const auto& part : schema.at(combinator).array_range())
                expand(part, out);
        }
    }
}

bool isItemStep(const QString& step)
{
    if (step == u"[]")
        return true;
    bool number = false;
    step.toInt(&number);
    return number;
}

QList<const Json*> step(const QList<const Json*>& schemas, const QString& name)
{
    QList<const Json*> expanded;
    for (const Json* schema : schemas)
        expand(*schema, expanded);
    QList<const Json*> next;
    const std::string key = name.toStdString();
    for (const Json* schema : std::as_const(expanded)) {
        if (isItemStep(name)) {
            if (schema->contains("items") && schema->at("items").is_object())
                next.append(&schema->at("items"));
            continue;
        }
        bool matched = false;
        if (schema->contains("properties") && schema->at("properties").contains(key)) {
            next.append(&schema->at("properties").at(key));
            matched = true;
        }
        if (schema->contains("patternProperties")) {
            for (const auto& member : schema->at("patternProperties").object_range()) {
                if (QRegularExpression(QString::fromStdString(member.key())).match(name).hasMatch()) {
                    next.append(&member.value());
                    matched = true;
                }
            }
        }
        if (!matched && schema->contains("additionalProperties")
            && schema->at("additionalProperties").is_object())
            next.append(&schema->at("additionalProperties"));
    }
    return next;
}

QString deprecationText(const Json& schema)
{
    QString text;
    for (const char* kind : {"deprecated", "changed"}) {
        const std::string flag = kind;
        if (schema.contains(flag) && schema.at(flag).is_bool() && schema.at(flag).as_bool()) {
            const QString version = schema.contains(flag + "_version")
                                        ? QString::fromStdString(schema.at(flag + "_version").as_string())
                                        : u"devel"_s;
            const QString description =
                schema.contains(flag + "_description")
                    ? QString::fromStdString(schema.at(flag + "_description").as_string())
                    : QString();
            QString label = QString::fromLatin1(kind);
            label[0] = label[0].toUpper();
            text += u"%1 in version %2. %3"_s.arg(label, version, description).trimmed();
        }
    }
    return text;
}

void describeInto(const Json& schema, CloudConfigSchema::Key& key)
{
    QList<const Json*> parts;
    expand(schema, parts);
    for (const Json* part : std::as_const(parts)) {
        if (key.description.isEmpty() && part->contains("description"))
            key.description = QString::fromStdString(part->at("description").as_string());
        if (part->contains("type")) {
            const Json& type = part->at("type");
            if (type.is_string())
                key.types.append(QString::fromStdString(type.as_string()));
            else if (type.is_array())
                for (const auto& t : type.array_range())
                    key.types.append(QString::fromStdString(t.as_string()));
        }
        if (part->contains("enum")) {
            for (const auto& value : part->at("enum").array_range())
                key.enumValues.append(value.is_string() ? QString::fromStdString(value.as_string())
                                                        : QString::fromStdString(value.to_string()));
        }
        if (part->contains("deprecated") && part->at("deprecated").is_bool()
            && part->at("deprecated").as_bool()) {
            key.deprecated = true;
            key.deprecation = deprecationText(*part);
        }
    }
    key.types.removeDuplicates();
    key.enumValues.removeDuplicates();
}

} // namespace

jsoncons::jsonschema::evaluation_options schemaOptions()
{
    return jsoncons::jsonschema::evaluation_options{}.default_version(
        jsoncons::jsonschema::schema_version::draft4());
}

bool CloudConfigSchema::Private::isValid(const Json& subschema, const Json& instance) const
{
    QMutexLocker locker(&mutex);
    auto found = parts.find(&subschema);
    if (found == parts.end()) {
        auto part = std::make_unique<CompiledSchema>(
            jsoncons::jsonschema::make_json_schema(subschema, schemaOptions()));
        found = parts.emplace(&subschema, std::move(part)).first;
    }
    return found->second->is_valid(instance);
}

CloudConfigSchema::CloudConfigSchema()
    : m_d(std::make_unique<Private>())
{
    QFile file(u":/cloudinit/schema-cloud-config-v1.json"_s);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("The bundled cloud-config schema is missing from the resources");
    const QByteArray text = file.readAll();
    const Json original = Json::parse(std::string_view(text.constData(), static_cast<size_t>(text.size())));
    Json inlined = inlineReferences(original, original);
    inlined.erase("$defs");
    m_d->inlined = std::move(inlined);
    m_d->compiled = std::make_unique<CompiledSchema>(
        jsoncons::jsonschema::make_json_schema(m_d->inlined, schemaOptions()));
}

CloudConfigSchema::~CloudConfigSchema() = default;

namespace {
std::atomic<const CloudConfigSchema*> compiledSchema{nullptr};
} // namespace

const CloudConfigSchema& CloudConfigSchema::bundled()
{
    static const CloudConfigSchema schema;
    compiledSchema.store(&schema, std::memory_order_release);
    return schema;
}

const CloudConfigSchema* CloudConfigSchema::bundledIfReady()
{
    return compiledSchema.load(std::memory_order_acquire);
}

QString CloudConfigSchema::bundledVersion()
{
    return u"25.1.4"_s;
}

QList<CloudConfigSchema::Key> CloudConfigSchema::keysAt(const QStringList& path) const
{
    QList<const Json*> schemas{&m_d->inlined};
    for (const QString& name : path)
        schemas = step(schemas, name);
    QList<const Json*> expanded;
    for (const Json* schema : std::as_const(schemas))
        expand(*schema, expanded);
    QList<Key> keys;
    QStringList seen;
    for (const Json* schema : std::as_const(expanded)) {
        if (!schema->contains("properties"))
            continue;
        for (const auto& member : schema->at("properties").object_range()) {
            const QString name = QString::fromStdString(member.key());
            if (seen.contains(name))
                continue;
            seen.append(name);
            Key key;
            key.name = name;
            describeInto(member.value(), key);
            keys.append(key);
        }
    }
    std::sort(keys.begin(), keys.end(), [](const Key& a, const Key& b) { return a.name < b.name; });
    return keys;
}

std::optional<CloudConfigSchema::Key> CloudConfigSchema::keyAt(const QStringList& path) const
{
    if (path.isEmpty())
        return std::nullopt;
    QList<const Json*> schemas{&m_d->inlined};
    for (const QString& name : path)
        schemas = step(schemas, name);
    if (schemas.isEmpty())
        return std::nullopt;
    Key key;
    key.name = path.constLast();
    for (const Json* schema : std::as_const(schemas))
        describeInto(*schema, key);
    return key;
}

QString descriptionToHtml(const QString& description)
{
    QString html = description.toHtmlEscaped();
    static const QRegularExpression bold(u"\\*\\*([^*]+)\\*\\*"_s);
    static const QRegularExpression literal(u"``([^`]+)``"_s);
    static const QRegularExpression link(u"`([^`<]+?)\\s*&lt;([^&]+)&gt;`_+"_s);
    html.replace(link, u"<a href=\"\\2\">\\1</a>"_s);
    html.replace(bold, u"<b>\\1</b>"_s);
    html.replace(literal, u"<code>\\1</code>"_s);
    html.replace(u"\n\n"_s, u"<br/><br/>"_s);
    return html;
}

QString descriptionToPlainText(const QString& description)
{
    QString text = description;
    text.replace(u"**"_s, QString());
    text.replace(u"``"_s, QString());
    return text.simplified();
}

} // namespace CloudInit

} // namespace sfdesk
