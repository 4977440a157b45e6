// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QFile>

#include "common/constvalue.h"
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QStringList>

#include <cmath>

namespace sfdesk {

// Checks a JSON value against a schema of the OpenAPI document: $ref, type, const, enum, pattern,
// required, properties, items, oneOf, allOf, additionalProperties. Strict about shape: a property
// the schema does not declare is an error, so responses carry exactly the documented fields.
class OpenApiShape final
{
public:
    explicit OpenApiShape(const QString& path)
    {
        QFile file(path);
        if (file.open(QIODevice::ReadOnly))
            m_schemas = QJsonDocument::fromJson(file.readAll())
                            .object()
                            .value(QStringLiteral("components"))
                            .toObject()
                            .value(QStringLiteral("schemas"))
                            .toObject();
    }

    bool isLoaded() const { return !m_schemas.isEmpty(); }

    // Empty when `value` matches the named component schema; otherwise the problems found.
    QStringList check(const QJsonValue& value, const QString& schemaName) const
    {
        QStringList problems;
        validate(value, m_schemas.value(schemaName).toObject(), schemaName, &problems);
        return problems;
    }

private:
    QJsonObject resolve(QJsonObject schema) const
    {
        while (schema.contains(QStringLiteral("$ref"))) {
            const QString ref = schema.value(QStringLiteral("$ref")).toString();
            schema = m_schemas.value(ref.section(u'/', -1)).toObject();
        }
        return schema;
    }

    static bool hasType(const QJsonValue& value, const QString& type)
    {
        if (type == u"null")
            return value.isNull();
        if (type == u"string")
            return value.isString();
        if (type == u"boolean")
            return value.isBool();
        if (type == u"object")
            return value.isObject();
        if (type == u"array")
            return value.isArray();
        if (type == u"number")
            return value.isDouble();
        if (type == u"integer")
            return value.isDouble() && std::trunc(value.toDouble()) == value.toDouble();
        return false;
    }

    void validate(const QJsonValue& value, QJsonObject schema, const QString& path,
                  QStringList* problems) const
    {
        schema = resolve(schema);
        if (schema.contains(QStringLiteral("oneOf"))) {
            int matches = 0;
            QStringList last;
            for (const QJsonValue& option : constValue(schema.value(QStringLiteral("oneOf")).toArray())) {
                QStringList optionProblems;
                validate(value, option.toObject(), path, &optionProblems);
                if (optionProblems.isEmpty())
                    ++matches;
                else
                    last += optionProblems;
            }
            if (matches != 1)
                problems->append(
                    path + QStringLiteral(": matches %1 of oneOf (%2)").arg(matches).arg(last.join(u"; ")));
            return;
        }
        if (schema.contains(QStringLiteral("allOf"))) {
            QJsonObject merged;
            for (const QJsonValue& part : constValue(schema.value(QStringLiteral("allOf")).toArray())) {
                const QJsonObject resolved = resolve(part.toObject());
                for (auto it = resolved.begin(); it != resolved.end(); ++it) {
                    if (it.key() == u"properties" && merged.contains(it.key())) {
                        QJsonObject properties = merged.value(it.key()).toObject();
                        const QJsonObject more = it.value().toObject();
                        for (auto p = more.begin(); p != more.end(); ++p)
                            properties.insert(p.key(), p.value());
                        merged.insert(it.key(), properties);
                    } else if (it.key() == u"required" && merged.contains(it.key())) {
                        QJsonArray required = merged.value(it.key()).toArray();
                        for (const QJsonValue& r : constValue(it.value().toArray()))
                            required.append(r);
                        merged.insert(it.key(), required);
                    } else {
                        merged.insert(it.key(), it.value());
                    }
                }
            }
            validate(value, merged, path, problems);
            return;
        }
        const QJsonValue type = schema.value(QStringLiteral("type"));
        if (!type.isUndefined()) {
            QStringList types;
            if (type.isArray()) {
                for (const QJsonValue& t : constValue(type.toArray()))
                    types.append(t.toString());
            } else {
                types.append(type.toString());
            }
            if (std::none_of(types.begin(), types.end(),
                             [&](const QString& t) { return hasType(value, t); })) {
                problems->append(path + QStringLiteral(": expected ") + types.join(u'|'));
                return;
            }
        }
        if (schema.contains(QStringLiteral("const")) && schema.value(QStringLiteral("const")) != value)
            problems->append(path + QStringLiteral(": not the constant"));
        if (schema.contains(QStringLiteral("enum"))
            && !schema.value(QStringLiteral("enum")).toArray().contains(value))
            problems->append(path + QStringLiteral(": not in enum: ") + value.toString());
        if (schema.contains(QStringLiteral("pattern")) && value.isString()) {
            const QRegularExpression pattern(schema.value(QStringLiteral("pattern")).toString());
            if (!pattern.match(value.toString()).hasMatch())
                problems->append(path + QStringLiteral(": does not match ") + pattern.pattern());
        }
        if (value.isObject()) {
            const QJsonObject object = value.toObject();
            for (const QJsonValue& required :
                 constValue(schema.value(QStringLiteral("required")).toArray())) {
                if (!object.contains(required.toString()))
                    problems->append(path + QStringLiteral(": missing ") + required.toString());
            }
            const QJsonObject properties = schema.value(QStringLiteral("properties")).toObject();
            const QJsonValue additional = schema.value(QStringLiteral("additionalProperties"));
            for (auto it = object.begin(); it != object.end(); ++it) {
                const QString child = path + u'.' + it.key();
                if (properties.contains(it.key()))
                    validate(it.value(), properties.value(it.key()).toObject(), child, problems);
                else if (additional.isObject())
                    validate(it.value(), additional.toObject(), child, problems);
                else if (!schema.contains(QStringLiteral("additionalProperties"))
                         || additional == QJsonValue(false))
                    problems->append(child + QStringLiteral(": not in the schema"));
            }
        }
        if (value.isArray() && schema.contains(QStringLiteral("items"))) {
            const QJsonArray array = value.toArray();
            for (qsizetype i = 0; i < array.size(); ++i)
                validate(array[i], schema.value(QStringLiteral("items")).toObject(),
                         path + u'[' + QString::number(i) + u']', problems);
        }
    }

    QJsonObject m_schemas;
};

} // namespace sfdesk
