// SPDX-License-Identifier: Apache-2.0

#include "support/testenv.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QLocale>
#include <QStandardPaths>
#include <QTranslator>

namespace sfdesk {

namespace TestEnv {

namespace {

QtMessageHandler s_next = nullptr;

// The offscreen platform says once per window and call that it cannot do what a desktop does
// (size hints, raise). Hundreds of those lines buried the one failure of a GUI test in CI's output.
void dropPlatformNoise(QtMsgType type, const QMessageLogContext& context, const QString& message)
{
    if (type == QtWarningMsg && message.startsWith(u"This plugin does not support "))
        return;
    if (s_next)
        s_next(type, context, message);
}

} // namespace

void init()
{
    // Once: QTest's own handler (which logs and honours ignoreMessage) is the next in the chain.
    if (QtMessageHandler current = qInstallMessageHandler(dropPlatformNoise); current != dropPlatformNoise)
        s_next = current;
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

QString checkoutFile(const QString& relative)
{
    // tests/data is two folders below the checkout's top.
    return QDir::cleanPath(
        QDir(QStringLiteral(SFDESK_TEST_DATA_DIR)).filePath(QStringLiteral("../../") + relative));
}

QByteArray readDataFile(const QString& relative)
{
    QFile file(dataFile(relative));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing test data %s", qPrintable(relative));
    return file.readAll();
}

} // namespace TestEnv

} // namespace sfdesk
