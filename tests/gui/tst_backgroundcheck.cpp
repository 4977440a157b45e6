// SPDX-License-Identifier: Apache-2.0

// BackgroundCheck, the one-at-a-time, newest-only check behind the cloud-init editor, the
// multipart builder and Create Instances' user-data check. The work blocks on a semaphore so
// that the test decides when each run ends.

#include "gui/common/backgroundcheck.h"

#include <QSemaphore>
#include <QTest>
#include <QThreadPool>

#include <atomic>

using namespace Qt::StringLiterals;
using namespace sfdesk;

class TestBackgroundCheck final : public QObject
{
    Q_OBJECT

private:
    struct Rig
    {
        QObject context;
        QString input;
        QSemaphore release;
        std::atomic<int> started{0};
        QStringList shown;
        BackgroundCheck<QString> check{&context,
                                       [this]() -> BackgroundCheck<QString>::Work {
                                           return [this, text = input] {
                                               ++started;
                                               release.acquire();
                                               return text.toUpper();
                                           };
                                       },
                                       [this](const QString& result) { shown << result; }};

        void edit(const QString& text)
        {
            input = text;
            check.inputChanged();
        }
        // No run outlives the rig: each is let go and waited for.
        ~Rig()
        {
            release.release(100);
            QThreadPool::globalInstance()->waitForDone();
        }
    };

private Q_SLOTS:
    void showsTheVerdictOnTheInput()
    {
        Rig rig;
        rig.edit(u"a"_s);
        rig.check.run();
        QVERIFY(rig.check.isRunning());
        QVERIFY(!rig.check.isCurrent());
        rig.release.release();
        QTRY_COMPARE(rig.shown, QStringList{u"A"_s});
        QVERIFY(!rig.check.isRunning());
        QVERIFY(rig.check.isCurrent());
    }

    // Typing on while a run goes: its verdict is of older text and is not shown; the request made
    // meanwhile runs once on the text as it is when the first run ends.
    void dropsAStaleVerdictAndRunsOnceMoreOnTheNewestInput()
    {
        Rig rig;
        rig.edit(u"a"_s);
        rig.check.run();
        QTRY_COMPARE(rig.started.load(), 1);
        rig.edit(u"ab"_s);
        rig.check.run();
        rig.edit(u"abc"_s);
        rig.check.run();
        QCOMPARE(rig.started.load(), 1); // one run at a time
        rig.release.release();
        QTRY_COMPARE(rig.started.load(), 2);
        QVERIFY(rig.shown.isEmpty());
        QVERIFY(rig.check.isRunning());
        rig.release.release();
        QTRY_COMPARE(rig.shown, QStringList{u"ABC"_s});
        QVERIFY(rig.check.isCurrent());
        QCOMPARE(rig.started.load(), 2);
    }

    // A run requested again on the same input (new instance data, say) shows its new verdict.
    void aRunOnTheSameInputIsShown()
    {
        Rig rig;
        rig.edit(u"x"_s);
        rig.check.run();
        rig.release.release();
        QTRY_COMPARE(rig.shown.size(), 1);
        rig.check.run();
        rig.release.release();
        QTRY_COMPARE(rig.shown.size(), 2);
    }
};

QTEST_GUILESS_MAIN(TestBackgroundCheck)
#include "tst_backgroundcheck.moc"
