// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace sfdesk {

namespace CloudInit {

// A small Jinja renderer for the subset cloud-init users write in "## template: jinja" user data.
// Debian 13 packages no C++ Jinja implementation (only Python's and Rust crates), so this is
// deliberately bounded rather than complete:
//   {{ v1.local_hostname }}, {{ ds.meta_data["instance-id"] }}, {{ v1.public_ssh_keys[0] }}
//   {% if %} / {% elif %} / {% else %} / {% endif %} with ==, !=, in, not in, and, or, not
//   {% for x in list %} ... {% else %} ... {% endfor %} over lists (and the keys of mappings),
//   with loop.index, loop.index0, loop.first, loop.last
//   {# comments #}, whitespace control ({%- -%}), and trim_blocks as cloud-init sets it
// Everything else (filters, calls, {% set %}, macros, includes, arithmetic, ...) is reported as an
// unsupported construct at its line. Undefined variables render as cloud-init renders them
// (CI_MISSING_JINJA_VAR/<name>) with a warning.
// Each limit ends rendering with a Limit problem at the template line where it was reached.
namespace JinjaLimits {
inline constexpr qsizetype maxTemplateBytes = 1024 * 1024;
inline constexpr qsizetype maxOutputBytes = 1024 * 1024;
// Text, tags, loop iterations and every part of an expression evaluated.
inline constexpr qint64 maxSteps = 200'000;
// Blocks inside blocks; parentheses and "not" inside an expression.
inline constexpr int maxDepth = 64;
// Operators (and, or, not, ==, !=, in, not in) in one expression.
inline constexpr int maxOperators = 1000;
// Undefined variables reported (each line and name once); one more problem says there are more.
inline constexpr int maxUndefinedReported = 100;
} // namespace JinjaLimits

struct JinjaProblem
{
    enum class Kind
    {
        Syntax,      // the template does not parse (Jinja would refuse it too)
        Unsupported, // valid Jinja, but outside the subset this renderer knows
        Undefined,   // a variable the instance data does not have
        Limit        // the template or its output is past JinjaLimits
    };
    Kind kind = Kind::Syntax;
    // 0-based, in the template as given.
    int line = 0;
    int column = 0;
    QString message;
};

struct JinjaRender
{
    QByteArray text;
    // For each line of text, the template line (0-based) it comes from.
    QList<int> lineMap;
    QList<JinjaProblem> problems;

    // Rendered completely: no syntax error, unsupported construct or limit (undefined variables are
    // rendered as cloud-init renders them).
    bool complete() const;
};

// Renders template text (the whole user data, "## template: jinja" line included: that line is left
// out of the output, as cloud-init does) with instance data as cloud-init provides it: the keys of
// instance-data.json at the top level (v1, ds, ...), v1's keys also at the top level; a key with '-'
// is also reachable with '_'.
JinjaRender renderJinja(QByteArrayView templateText, const QJsonObject& instanceData);

// Sample instance data with the keys cloud-init standardises (v1.*) and a datasource's (ds.*), for
// rendering in the editor; the user can edit it.
QJsonObject sampleInstanceData();

} // namespace CloudInit

} // namespace sfdesk
