// SPDX-License-Identifier: Apache-2.0

// The catalogues compiled into the app: German for every message, English plural forms, and Qt's
// own German strings from the system, loaded the way the app's main() loads them.
#include "support/testenv.h"

#include "common/constvalue.h"

#include <QCoreApplication>
#include <QDirIterator>
#include <QLibraryInfo>
#include <QLocale>
#include <QTest>
#include <QTranslator>

#include <memory>

using namespace Qt::StringLiterals;
using namespace sfdesk;

class TestTranslations final : public QObject
{
    Q_OBJECT

private:
    // Installs only the given catalogue, so that each case sees one language.
    bool use(const QString& file)
    {
        if (m_current)
            QCoreApplication::removeTranslator(m_current.get());
        m_current = std::make_unique<QTranslator>();
        if (!m_current->load(file))
            return false;
        return QCoreApplication::installTranslator(m_current.get());
    }

    std::unique_ptr<QTranslator> m_current;

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        // TestEnv installs the English catalogue; this test chooses its own.
        for (QTranslator* translator : constValue(QCoreApplication::instance()->findChildren<QTranslator*>()))
            QCoreApplication::removeTranslator(translator);
    }

    void bothCataloguesAreCompiledIn()
    {
        QStringList names;
        QDirIterator it(u":/i18n"_s, {u"sfdesk_*.qm"_s});
        while (it.hasNext())
            names << it.nextFileInfo().fileName();
        names.sort();
        QCOMPARE(names, (QStringList{u"sfdesk_de.qm"_s, u"sfdesk_en.qm"_s}));
    }

    void germanMessages_data()
    {
        QTest::addColumn<QByteArray>("context");
        QTest::addColumn<QByteArray>("source");
        QTest::addColumn<int>("count");
        QTest::addColumn<QString>("expected");
        QTest::newRow("section") << "sfdesk::Application"_ba << "InfiniBand Partitions"_ba << -1
                                 << u"InfiniBand-Partitionen"_s;
        QTest::newRow("workspace") << "sfdesk::WorkspaceBar"_ba << "&Workspace:"_ba << -1
                                   << u"&Arbeitsbereich:"_s;
        QTest::newRow("placeholders kept") << "sfdesk::PoolsView"_ba << "Pool \"%1\" was not deleted: %2"_ba
                                           << -1 << u"Pool „%1“ wurde nicht gelöscht: %2"_s;
        QTest::newRow("plural one") << "sfdesk::PlannerChart"_ba << "%n node(s)"_ba << 1 << u"1 Knoten"_s;
        QTest::newRow("plural other") << "sfdesk::ConnectionStatus"_ba << "Updated %n second(s) ago"_ba << 5
                                      << u"Vor 5 Sekunden aktualisiert"_s;
        QTest::newRow("plural in a sentence")
            << "sfdesk::CloudInitPage"_ba << "%n warning(s)"_ba << 1 << u"1 Warnung"_s;
    }

    void germanMessages()
    {
        QFETCH(QByteArray, context);
        QFETCH(QByteArray, source);
        QFETCH(int, count);
        QFETCH(QString, expected);
        QVERIFY(use(u":/i18n/sfdesk_de.qm"_s));
        QCOMPARE(QCoreApplication::translate(context.constData(), source.constData(), nullptr, count),
                 expected);
    }

    void englishPluralForms_data()
    {
        QTest::addColumn<int>("count");
        QTest::addColumn<QString>("expected");
        QTest::newRow("zero") << 0 << u"0 nodes"_s;
        QTest::newRow("one") << 1 << u"1 node"_s;
        QTest::newRow("two") << 2 << u"2 nodes"_s;
    }

    void englishPluralForms()
    {
        QFETCH(int, count);
        QFETCH(QString, expected);
        QVERIFY(use(u":/i18n/sfdesk_en.qm"_s));
        QCOMPARE(QCoreApplication::translate("sfdesk::PlannerChart", "%n node(s)", nullptr, count), expected);
        // Messages without a plural stay the source text.
        QCOMPARE(QCoreApplication::translate("main", "Availability"), u"Availability"_s);
    }

    void qtOwnStringsInGerman()
    {
        QTranslator qtbase;
        QVERIFY2(qtbase.load(QLocale(QLocale::German, QLocale::Germany), u"qtbase"_s, u"_"_s,
                             QLibraryInfo::path(QLibraryInfo::TranslationsPath)),
                 "qtbase_de.qm is missing: install qt6-translations-l10n");
        QCOMPARE(qtbase.translate("QPlatformTheme", "Cancel"), u"Abbrechen"_s);
    }
};

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
