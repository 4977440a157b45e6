// SPDX-License-Identifier: Apache-2.0

#include "fuzztargets.h"

#include "common/constvalue.h"
#include "support/testenv.h"

#include <QDir>
#include <QFile>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

// Replays every seed of tests/fuzz/corpus and every input that once made a fuzz target crash
// (tests/data/fuzz/<target>/, each kept with its fix) through the fuzz targets, in every build,
// so a fixed crash stays fixed without libFuzzer. A target that breaks an invariant aborts.
class TestFuzzReplay final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { TestEnv::init(); }

    void replay_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("file");
        int regressions = 0;
        for (const QString& target :
             {u"clitime"_s, u"resourcejson"_s, u"cloudinit"_s, u"jinja"_s, u"simrequest"_s}) {
            const QStringList folders{QStringLiteral(SFDESK_FUZZ_CORPUS_DIR "/fuzz_") + target,
                                      TestEnv::dataFile(u"fuzz/"_s + target)};
            for (const QString& folder : folders) {
                const QDir dir(folder);
                for (const QString& name : constValue(dir.entryList(QDir::Files, QDir::Name))) {
                    QTest::addRow("%s/%s", qPrintable(target), qPrintable(name))
                        << target << dir.filePath(name);
                    if (folder == folders.last())
                        ++regressions;
                }
            }
            QVERIFY2(!QDir(folders.first()).isEmpty(), qPrintable(u"no seeds in "_s + folders.first()));
        }
        qInfo("%d inputs that once crashed a target", regressions);
    }

    void replay()
    {
        QFETCH(QString, target);
        QFETCH(QString, file);
        QFile input(file);
        QVERIFY(input.open(QIODevice::ReadOnly));
        const QByteArray bytes = input.readAll();
        const auto* data = reinterpret_cast<const uint8_t*>(bytes.constData());
        const auto size = size_t(bytes.size());
        if (target == u"clitime")
            FuzzTargets::clitime(data, size);
        else if (target == u"resourcejson")
            FuzzTargets::resourcejson(data, size);
        else if (target == u"cloudinit")
            FuzzTargets::cloudinit(data, size);
        else if (target == u"jinja")
            FuzzTargets::jinja(data, size);
        else if (target == u"simrequest")
            FuzzTargets::simrequest(data, size);
        else
            QFAIL("unknown target");
    }
};

QTEST_GUILESS_MAIN(TestFuzzReplay)
#include "tst_fuzzreplay.moc"
