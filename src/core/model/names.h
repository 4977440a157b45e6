// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>
#include <QStringList>

namespace sfdesk {

// The API's Name rule and the client's name patterns.
namespace Names {

// `[a-zA-Z0-9][a-zA-Z0-9._-]{0,254}`, as every Name in the API.
QString patternText();
bool isValid(const QString& name);
// Why a name is not valid, translated; empty when it is.
QString problem(const QString& name);

// "worker-{n}" with count 3 gives worker-1, worker-2, worker-3 (numbers from first). A pattern
// without {n} is used as the stem of "<pattern>-<n>" when count is above one.
QStringList expand(const QString& pattern, int count, int first = 1);

} // namespace Names

} // namespace sfdesk
