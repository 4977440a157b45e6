// SPDX-License-Identifier: Apache-2.0

#include "support/testenv.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QLocale>
#include <QStandardPaths>
#include <QTranslator>

namespace TestEnv {

void init()
{
    QStandardPaths::setTestModeEnabled(true);
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    // The English catalogue holds the plural forms ("%n node(s)" -> "1 node", "2 nodes"), as in the
    // app. Its resource is linked into the GUI library, so only GUI tests find it.
    if (QCoreApplication::instance() && QFile::exists(QStringLiteral(":/i18n/sfdesk_en.qm"))) {
        auto* english = new QTranslator(QCoreApplication::instance());
        if (english->load(QStringLiteral(":/i18n/sfdesk_en.qm")))
            QCoreApplication::installTranslator(english);
    }
}

QString dataFile(const QString& relative)
{
    return QDir(QStringLiteral(SFDESK_TEST_DATA_DIR)).filePath(relative);
}

} // namespace TestEnv
