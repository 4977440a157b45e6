// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>

#include <functional>
#include <optional>

namespace sfsim {

// A deployment's instance_name_template: literal name characters and the variables {{adjective}},
// {{noun}} and {{nanoid(N)}} (1 <= N <= 21, alphanumeric). The API document asks for at least as
// many combinations as its default, {{adjective}}-{{noun}}-{{nanoid(6)}}, and a template that
// starts with an alphanumeric character; a resolved name is at most 255 characters.
namespace nametemplate {

inline constexpr auto defaultTemplate = "{{adjective}}-{{noun}}-{{nanoid(6)}}";
inline constexpr int maxLength = 512;

// Why `text` is not a usable template, or nothing when it is.
std::optional<QString> problem(const QString& text);
// A name from a valid template; `bounded(n)` draws a number in [0, n).
QString resolve(const QString& text, const std::function<quint32(quint32)>& bounded);

} // namespace nametemplate

} // namespace sfsim
