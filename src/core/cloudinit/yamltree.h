// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QByteArrayView>
#include <QList>
#include <QString>

#include <memory>
#include <optional>

namespace sfdesk {

namespace CloudInit {

// A position in the text: 0-based line and column (in characters), as libyaml reports them.
struct Mark
{
    int line = 0;
    int column = 0;

    friend bool operator==(const Mark&, const Mark&) = default;
};

struct TextRange
{
    Mark start;
    Mark end;

    friend bool operator==(const TextRange&, const TextRange&) = default;
};

// A node of the YAML document with the marks of its first and last character, so diagnostics can
// underline the exact text. Aliases share the anchored node.
struct YamlNode
{
    enum class Kind
    {
        Scalar,
        Mapping,
        Sequence
    };
    enum class Style
    {
        Plain,
        SingleQuoted,
        DoubleQuoted,
        Literal,
        Folded,
        Block,
        Flow
    };
    struct Entry
    {
        std::shared_ptr<const YamlNode> key;
        std::shared_ptr<const YamlNode> value;
    };

    Kind kind = Kind::Scalar;
    Style style = Style::Plain;
    TextRange range;
    QString value;
    // The explicit tag as written and expanded ("tag:yaml.org,2002:str"), empty when there is none.
    QString tag;
    QList<Entry> entries;
    QList<std::shared_ptr<const YamlNode>> items;

    bool isPlainScalar() const { return kind == Kind::Scalar && style == Style::Plain && tag.isEmpty(); }
};

struct YamlError
{
    // Syntax errors come from libyaml; the others are the limits that keep any input affordable.
    enum class Kind
    {
        Syntax,
        RecursiveAlias,
        AliasExpansion,
        TooDeep,
        TooLarge
    };
    Kind kind = Kind::Syntax;
    QString problem;
    Mark problemMark;
    QString context;
    std::optional<Mark> contextMark;

    // PyYAML's way of printing a MarkedYAMLError, which cloud-init embeds in its message.
    QString toString() const;
    // The mark cloud-init reports: the context's when there is one, else the problem's.
    Mark reportedMark() const { return contextMark.value_or(problemMark); }
};

struct YamlDuplicateKey
{
    QString key;
    TextRange first;
    TextRange duplicate;
};

struct YamlDocument
{
    // Null when the stream is empty or could not be parsed.
    std::shared_ptr<const YamlNode> root;
    std::optional<YamlError> error;
    QList<YamlDuplicateKey> duplicateKeys;
};

// What one document may cost. A cloud-config is at most 64 KiB and a few levels deep, so these only
// stop hostile input: text far beyond the payload limit, nesting that would exhaust the stack, and
// aliases whose expansion is exponential in the text ("billion laughs").
namespace YamlLimits {
inline constexpr qsizetype maxDocumentBytes = 2 * 1024 * 1024;
inline constexpr int maxDepth = 256;
// Nodes that aliases add to the document once expanded.
inline constexpr qint64 maxAliasExpansion = 100'000;
} // namespace YamlLimits

// Parses one YAML 1.1 document with libyaml (the grammar PyYAML uses). More than one document is an
// error, as it is for yaml.safe_load; so is an alias inside its own anchor and any input beyond
// YamlLimits. On success the tree has no cycles and expands within the limits.
YamlDocument parseYaml(QByteArrayView utf8);

} // namespace CloudInit

} // namespace sfdesk
