#include "core/cloudinit/yamltree.h"

#include "core/cloudinit/yaml11resolver.h"

#include <QHash>

#include <yaml.h>

using namespace Qt::StringLiterals;

namespace CloudInit {

namespace {

Mark toMark(const yaml_mark_t& mark)
{
    return Mark{static_cast<int>(mark.line), static_cast<int>(mark.column)};
}

QString fromUtf8(const yaml_char_t* text, size_t length)
{
    return QString::fromUtf8(reinterpret_cast<const char*>(text), static_cast<qsizetype>(length));
}

QString fromUtf8(const yaml_char_t* text)
{
    return text ? QString::fromUtf8(reinterpret_cast<const char*>(text)) : QString();
}

// An identity for duplicate detection: keys equal after YAML 1.1 resolution are the same key.
QString keyIdentity(const YamlNode& key)
{
    if (key.kind != YamlNode::Kind::Scalar)
        return {};
    if (!key.isPlainScalar())
        return u"s:"_s + key.value;
    const ScalarValue resolved = resolvePlainScalar(key.value);
    return resolved.canonicalText();
}

class Builder final
{
public:
    explicit Builder(QByteArrayView utf8)
    {
        yaml_parser_initialize(&m_parser);
        yaml_parser_set_input_string(&m_parser, reinterpret_cast<const unsigned char*>(utf8.data()),
                                     static_cast<size_t>(utf8.size()));
    }
    ~Builder() { yaml_parser_delete(&m_parser); }
    Q_DISABLE_COPY_MOVE(Builder)

    YamlDocument run()
    {
        YamlDocument document;
        m_document = &document;
        int documents = 0;
        Mark firstDocument;
        while (true) {
            if (!next())
                break;
            if (m_event.type == YAML_STREAM_END_EVENT) {
                yaml_event_delete(&m_event);
                break;
            }
            if (m_event.type == YAML_DOCUMENT_START_EVENT) {
                const Mark mark = toMark(m_event.start_mark);
                yaml_event_delete(&m_event);
                ++documents;
                if (documents == 1)
                    firstDocument = mark;
                if (documents == 2) {
                    document.error =
                        YamlError{QStringLiteral("but found another document"), mark,
                                  QStringLiteral("expected a single document in the stream"), firstDocument};
                    document.root.reset();
                    break;
                }
                if (!next())
                    break;
                auto root = buildNode();
                if (!root)
                    break;
                document.root = root;
                if (!next())
                    break;
                yaml_event_delete(&m_event); // document end
                continue;
            }
            yaml_event_delete(&m_event);
        }
        if (document.error)
            document.root.reset();
        return document;
    }

private:
    bool next()
    {
        if (yaml_parser_parse(&m_parser, &m_event))
            return true;
        YamlError error;
        error.problem = QString::fromUtf8(m_parser.problem ? m_parser.problem : "unknown YAML error");
        error.problemMark = toMark(m_parser.problem_mark);
        if (m_parser.context) {
            error.context = QString::fromUtf8(m_parser.context);
            error.contextMark = toMark(m_parser.context_mark);
        }
        m_document->error = error;
        return false;
    }

    // Builds the node whose start event is in m_event; consumes events up to its end.
    std::shared_ptr<const YamlNode> buildNode()
    {
        switch (m_event.type) {
        case YAML_ALIAS_EVENT: {
            const QString anchor = fromUtf8(m_event.data.alias.anchor);
            const Mark mark = toMark(m_event.start_mark);
            yaml_event_delete(&m_event);
            const auto found = m_anchors.constFind(anchor);
            if (found == m_anchors.constEnd()) {
                m_document->error = YamlError{u"found undefined alias '%1'"_s.arg(anchor), mark,
                                              QStringLiteral("while composing a node"), mark};
                return nullptr;
            }
            return *found;
        }
        case YAML_SCALAR_EVENT: {
            auto node = std::make_shared<YamlNode>();
            node->kind = YamlNode::Kind::Scalar;
            node->range = {toMark(m_event.start_mark), toMark(m_event.end_mark)};
            node->value = fromUtf8(m_event.data.scalar.value, m_event.data.scalar.length);
            switch (m_event.data.scalar.style) {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE:
                node->style = YamlNode::Style::SingleQuoted;
                break;
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE:
                node->style = YamlNode::Style::DoubleQuoted;
                break;
            case YAML_LITERAL_SCALAR_STYLE:
                node->style = YamlNode::Style::Literal;
                break;
            case YAML_FOLDED_SCALAR_STYLE:
                node->style = YamlNode::Style::Folded;
                break;
            default:
                node->style = YamlNode::Style::Plain;
                break;
            }
            node->tag = fromUtf8(m_event.data.scalar.tag);
            // The non-specific tag "!" makes a plain scalar a string, as if it were quoted.
            if (node->tag == u"!") {
                node->tag.clear();
                if (node->style == YamlNode::Style::Plain)
                    node->style = YamlNode::Style::SingleQuoted;
            }
            const QString anchor = fromUtf8(m_event.data.scalar.anchor);
            yaml_event_delete(&m_event);
            if (!anchor.isEmpty())
                m_anchors.insert(anchor, node);
            return node;
        }
        case YAML_SEQUENCE_START_EVENT: {
            auto node = std::make_shared<YamlNode>();
            node->kind = YamlNode::Kind::Sequence;
            node->style = m_event.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE
                              ? YamlNode::Style::Flow
                              : YamlNode::Style::Block;
            node->range.start = toMark(m_event.start_mark);
            node->tag = fromUtf8(m_event.data.sequence_start.tag);
            const QString anchor = fromUtf8(m_event.data.sequence_start.anchor);
            yaml_event_delete(&m_event);
            if (!anchor.isEmpty())
                m_anchors.insert(anchor, node);
            while (true) {
                if (!next())
                    return nullptr;
                if (m_event.type == YAML_SEQUENCE_END_EVENT) {
                    node->range.end = toMark(m_event.end_mark);
                    yaml_event_delete(&m_event);
                    break;
                }
                auto item = buildNode();
                if (!item)
                    return nullptr;
                node->items.append(item);
            }
            if (node->style == YamlNode::Style::Block && !node->items.isEmpty())
                node->range.end = node->items.constLast()->range.end;
            return node;
        }
        case YAML_MAPPING_START_EVENT: {
            auto node = std::make_shared<YamlNode>();
            node->kind = YamlNode::Kind::Mapping;
            node->style = m_event.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE
                              ? YamlNode::Style::Flow
                              : YamlNode::Style::Block;
            node->range.start = toMark(m_event.start_mark);
            node->tag = fromUtf8(m_event.data.mapping_start.tag);
            const QString anchor = fromUtf8(m_event.data.mapping_start.anchor);
            yaml_event_delete(&m_event);
            if (!anchor.isEmpty())
                m_anchors.insert(anchor, node);
            QHash<QString, qsizetype> seen;
            while (true) {
                if (!next())
                    return nullptr;
                if (m_event.type == YAML_MAPPING_END_EVENT) {
                    node->range.end = toMark(m_event.end_mark);
                    yaml_event_delete(&m_event);
                    break;
                }
                auto key = buildNode();
                if (!key || !next())
                    return nullptr;
                auto value = buildNode();
                if (!value)
                    return nullptr;
                const QString identity = keyIdentity(*key);
                if (!identity.isEmpty()) {
                    const auto earlier = seen.constFind(identity);
                    if (earlier != seen.constEnd()) {
                        const YamlNode::Entry& first = node->entries.at(*earlier);
                        m_document->duplicateKeys.append({key->value, first.key->range, key->range});
                        // Last one wins, as in PyYAML.
                        node->entries[*earlier].value = value;
                        node->entries[*earlier].key = key;
                        continue;
                    }
                    seen.insert(identity, node->entries.size());
                }
                node->entries.append({key, value});
            }
            if (node->style == YamlNode::Style::Block && !node->entries.isEmpty())
                node->range.end = node->entries.constLast().value->range.end;
            return node;
        }
        default:
            yaml_event_delete(&m_event);
            m_document->error = YamlError{QStringLiteral("unexpected YAML event"), toMark(m_parser.mark),
                                          QString(), std::nullopt};
            return nullptr;
        }
    }

    yaml_parser_t m_parser{};
    yaml_event_t m_event{};
    YamlDocument* m_document = nullptr;
    QHash<QString, std::shared_ptr<const YamlNode>> m_anchors;
};

} // namespace

QString YamlError::toString() const
{
    const auto position = [](const Mark& mark) {
        return u"  in \"<unicode string>\", line %1, column %2"_s.arg(mark.line + 1).arg(mark.column + 1);
    };
    QString text;
    if (!context.isEmpty()) {
        text += context;
        if (contextMark)
            text += u'\n' + position(*contextMark);
        text += u'\n';
    }
    text += problem + u'\n' + position(problemMark);
    return text;
}

YamlDocument parseYaml(QByteArrayView utf8)
{
    Builder builder(utf8);
    return builder.run();
}

} // namespace CloudInit
