// SPDX-License-Identifier: Apache-2.0

#include "core/cloudinit/yamltree.h"

#include "core/cloudinit/yaml11resolver.h"

#include <QHash>
#include <QSet>

#include <algorithm>

#include <yaml.h>

namespace sfdesk {

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
                        YamlError{YamlError::Kind::Syntax, QStringLiteral("but found another document"), mark,
                                  QStringLiteral("expected a single document in the stream"), firstDocument};
                    document.root.reset();
                    break;
                }
                if (!next())
                    break;
                Cost cost;
                auto root = buildNode(1, &cost);
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
        error.kind = YamlError::Kind::Syntax;
        error.problem = QString::fromUtf8(m_parser.problem ? m_parser.problem : "unknown YAML error");
        error.problemMark = toMark(m_parser.problem_mark);
        if (m_parser.context) {
            error.context = QString::fromUtf8(m_parser.context);
            error.contextMark = toMark(m_parser.context_mark);
        }
        m_document->error = error;
        return false;
    }

    // What a node costs once its aliases are expanded: nodes and levels, itself included.
    struct Cost
    {
        qint64 nodes = 1;
        int height = 1;

        void add(const Cost& child)
        {
            // Saturates: a chain of aliases can describe more nodes than fit in 64 bits.
            nodes = std::min(nodes + child.nodes, qint64(1) << 50);
            height = std::max(height, child.height + 1);
        }
    };

    void fail(YamlError::Kind kind, const QString& problem, const Mark& mark)
    {
        YamlError error;
        error.kind = kind;
        error.problem = problem;
        error.problemMark = mark;
        m_document->error = error;
    }

    std::shared_ptr<const YamlNode> buildAlias(int depth, Cost* cost)
    {
        const QString anchor = fromUtf8(m_event.data.alias.anchor);
        const Mark mark = toMark(m_event.start_mark);
        yaml_event_delete(&m_event);
        const auto found = m_anchors.constFind(anchor);
        if (found == m_anchors.constEnd()) {
            m_document->error =
                YamlError{YamlError::Kind::Syntax, u"found undefined alias '%1'"_s.arg(anchor), mark,
                          QStringLiteral("while composing a node"), mark};
            return nullptr;
        }
        const YamlNode* target = found->get();
        // The anchored node is still being built: the alias would make it contain itself.
        if (m_open.contains(target)) {
            fail(YamlError::Kind::RecursiveAlias,
                 u"recursive alias *%1: it is inside its own anchor &%1 (line %2)"_s.arg(anchor).arg(
                     target->range.start.line + 1),
                 mark);
            return nullptr;
        }
        *cost = m_costs.value(target);
        if (depth - 1 + cost->height > YamlLimits::maxDepth) {
            fail(
                YamlError::Kind::TooDeep,
                u"alias *%1 nests the document deeper than %2 levels"_s.arg(anchor).arg(YamlLimits::maxDepth),
                mark);
            return nullptr;
        }
        m_aliasExpansion += cost->nodes;
        if (m_aliasExpansion > YamlLimits::maxAliasExpansion) {
            fail(YamlError::Kind::AliasExpansion,
                 u"alias *%1 takes the document's aliases past %2 expanded nodes"_s.arg(anchor).arg(
                     YamlLimits::maxAliasExpansion),
                 mark);
            return nullptr;
        }
        return *found;
    }

    // Registers an anchor before the node's children are built, as PyYAML does; the node stays open
    // until its end event so that an alias to it from inside is recognised.
    void openAnchor(const QString& anchor, const std::shared_ptr<const YamlNode>& node)
    {
        if (anchor.isEmpty())
            return;
        m_anchors.insert(anchor, node);
        m_open.insert(node.get());
    }

    void closeAnchor(const YamlNode* node, const Cost& cost)
    {
        if (m_open.remove(node))
            m_costs.insert(node, cost);
    }

    // Builds the node whose start event is in m_event; consumes events up to its end. depth is the
    // node's level, 1 for the root.
    std::shared_ptr<const YamlNode> buildNode(int depth, Cost* cost)
    {
        *cost = Cost{};
        if ((m_event.type == YAML_SEQUENCE_START_EVENT || m_event.type == YAML_MAPPING_START_EVENT)
            && depth > YamlLimits::maxDepth) {
            const Mark mark = toMark(m_event.start_mark);
            yaml_event_delete(&m_event);
            fail(YamlError::Kind::TooDeep,
                 u"the document nests deeper than %1 levels"_s.arg(YamlLimits::maxDepth), mark);
            return nullptr;
        }
        switch (m_event.type) {
        case YAML_ALIAS_EVENT:
            return buildAlias(depth, cost);
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
            if (!anchor.isEmpty()) {
                m_anchors.insert(anchor, node);
                m_costs.insert(node.get(), *cost);
            }
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
            openAnchor(fromUtf8(m_event.data.sequence_start.anchor), node);
            yaml_event_delete(&m_event);
            while (true) {
                if (!next())
                    return nullptr;
                if (m_event.type == YAML_SEQUENCE_END_EVENT) {
                    node->range.end = toMark(m_event.end_mark);
                    yaml_event_delete(&m_event);
                    break;
                }
                Cost itemCost;
                auto item = buildNode(depth + 1, &itemCost);
                if (!item)
                    return nullptr;
                cost->add(itemCost);
                node->items.append(item);
            }
            if (node->style == YamlNode::Style::Block && !node->items.isEmpty())
                node->range.end = node->items.constLast()->range.end;
            closeAnchor(node.get(), *cost);
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
            openAnchor(fromUtf8(m_event.data.mapping_start.anchor), node);
            yaml_event_delete(&m_event);
            QHash<QString, qsizetype> seen;
            while (true) {
                if (!next())
                    return nullptr;
                if (m_event.type == YAML_MAPPING_END_EVENT) {
                    node->range.end = toMark(m_event.end_mark);
                    yaml_event_delete(&m_event);
                    break;
                }
                Cost keyCost;
                auto key = buildNode(depth + 1, &keyCost);
                if (!key || !next())
                    return nullptr;
                Cost valueCost;
                auto value = buildNode(depth + 1, &valueCost);
                if (!value)
                    return nullptr;
                cost->add(keyCost);
                cost->add(valueCost);
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
            closeAnchor(node.get(), *cost);
            return node;
        }
        default:
            yaml_event_delete(&m_event);
            m_document->error = YamlError{YamlError::Kind::Syntax, QStringLiteral("unexpected YAML event"),
                                          toMark(m_parser.mark), QString(), std::nullopt};
            return nullptr;
        }
    }

    yaml_parser_t m_parser{};
    yaml_event_t m_event{};
    YamlDocument* m_document = nullptr;
    QHash<QString, std::shared_ptr<const YamlNode>> m_anchors;
    // Anchored sequences and mappings whose end has not been read yet.
    QSet<const YamlNode*> m_open;
    // The expanded cost of every anchored node, for the aliases that name it.
    QHash<const YamlNode*, Cost> m_costs;
    qint64 m_aliasExpansion = 0;
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
    if (utf8.size() > YamlLimits::maxDocumentBytes) {
        YamlDocument document;
        YamlError error;
        error.kind = YamlError::Kind::TooLarge;
        error.problem =
            u"the document is %1 KiB; documents over %2 KiB are not parsed"_s.arg((utf8.size() + 1023) / 1024)
                .arg(YamlLimits::maxDocumentBytes / 1024);
        document.error = error;
        return document;
    }
    Builder builder(utf8);
    return builder.run();
}

} // namespace CloudInit

} // namespace sfdesk
