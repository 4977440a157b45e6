// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QByteArray>
#include <QString>

namespace sfdesk {

namespace TestEnv {

// Keeps tests away from the user's files: QStandardPaths test mode and a stable locale.
void init();

// Absolute path of a file under tests/data.
QString dataFile(const QString& relative);
// The bytes of a file under tests/data; a missing one ends the test run.
QByteArray readDataFile(const QString& relative);
// Absolute path of a file of the checkout ("README.md"), for tests of what the documents say.
QString checkoutFile(const QString& relative);

} // namespace TestEnv

} // namespace sfdesk
