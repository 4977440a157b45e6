// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>

namespace sfdesk::ModulePath {

// Where the app's module `file` (sfdesk-simulator.so, sfdesk-network.so, ...) is: beside the
// executable (a build tree), else in ../lib/sfdesk from it (an install); the first of them when
// neither has it, so that an error names where it was looked for.
QString find(const QString& file);

} // namespace sfdesk::ModulePath
