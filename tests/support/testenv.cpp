#include "support/testenv.h"

#include <QDir>
#include <QLocale>
#include <QStandardPaths>

namespace TestEnv {

void init()
{
    QStandardPaths::setTestModeEnabled(true);
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

QString dataFile(const QString& relative)
{
    return QDir(QStringLiteral(SFDESK_TEST_DATA_DIR)).filePath(relative);
}

} // namespace TestEnv
