// SPDX-License-Identifier: Apache-2.0

#include "core/api/apiclient.h"
#include "core/models/activitymodel.h"
#include "core/notify/noticelog.h"
#include "core/settings/settings.h"
#include "gui/mainwindow/activitypanel.h"
#include "gui/mainwindow/mainwindow.h"
#include "support/simprocess.h"
#include "support/testenv.h"
#include "widgetscreenshot.h"

#include <QAction>
#include <QDateTime>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QNetworkAccessManager>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

// The activity panel in the main window, against the real sfsim.
class TestActivityPanel final : public QObject
{
    Q_OBJECT

private:
    SimProcess m_sim;
    QNetworkAccessManager m_network;

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        QVERIFY2(m_sim.start(), qPrintable(m_sim.errorOutput()));
    }

    void panelShowsAndCancelsRequests()
    {
        ApiClient client(m_sim.baseUrl(), &m_network);
        client.setToken(m_sim.token(u"acme-owner"_s));
        ActivityModel model;
        model.setClient(&client);
        Settings settings;
        MainWindow window(&settings);
        window.addPanel(u"activityPanel"_s, u"Activity"_s, new ActivityPanel(&model), {});
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));

        auto* dock = window.findChild<QDockWidget*>(u"activityPanel"_s);
        QVERIFY(dock);
        QVERIFY(!dock->isVisible());
        auto* toggle = window.findChild<QAction*>(u"actionToggleactivityPanel"_s);
        QVERIFY(toggle);
        toggle->trigger();
        QVERIFY(dock->isVisible());

        auto* table = dock->findChild<QTableView*>(u"activityTable"_s);
        auto* cancel = dock->findChild<QPushButton*>(u"activityCancel"_s);
        auto* clear = dock->findChild<QPushButton*>(u"activityClear"_s);
        auto* summary = dock->findChild<QLabel*>(u"activitySummary"_s);
        QVERIFY(table && cancel && clear && summary);
        QVERIFY(!cancel->isEnabled());
        QVERIFY(!clear->isEnabled());

        client.workspaces();
        client.me();
        QCOMPARE(summary->text(), u"2 requests in flight."_s);
        table->selectRow(1);
        QVERIFY(cancel->isEnabled());
        QTest::mouseClick(cancel, Qt::LeftButton);
        QCOMPARE(model.index(1, ActivityModel::StateColumn).data().toString(), u"Cancelled"_s);
        QCOMPARE(model.index(1, ActivityModel::RequestColumn).data().toString(), u"GET /workspaces"_s);
        QVERIFY(clear->isEnabled());

        QTRY_COMPARE_WITH_TIMEOUT(summary->text(), u"Nothing in flight."_s, 15000);
        QTest::mouseClick(clear, Qt::LeftButton);
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(!clear->isEnabled());

        const QString dir = QCoreApplication::applicationDirPath() + u"/../screenshots"_s;
        QDir().mkpath(dir);
        client.me();
        window.grab().save(dir + u"/activity-panel.png"_s);
    }

    // A fresh world has told nothing yet: the Notifications tab says so, and why, rather than show
    // an empty table. The first notice shows its time and title in full, in the tab on screen as
    // in one shown later: columns fit their content, not the empty table's headers (the time was
    // 37 px wide, "12/…").
    void notificationsSayWhyTheyAreEmptyAndFitWhatArrives()
    {
        ActivityModel model;
        NoticeLog notices;
        Settings settings;
        MainWindow window(&settings);
        auto* panel = new ActivityPanel(&model);
        panel->setNotices(&notices);
        window.addPanel(u"activityPanel"_s, u"Activity"_s, panel, {});
        window.resize(1000, 700);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.findChild<QAction*>(u"actionToggleactivityPanel"_s)->trigger();
        QTabWidget* tabs = panel->tabs();
        QTableView* table = panel->noticeTable();
        auto* placeholder = panel->findChild<QLabel*>(u"noticePlaceholder"_s);
        QVERIFY(placeholder);
        tabs->setCurrentWidget(table->parentWidget());
        QTRY_VERIFY(placeholder->isVisible());
        QVERIFY(placeholder->text().startsWith(u"No notifications yet."_s));
        QCOMPARE(table->accessibleDescription(), placeholder->text());
        saveWidgetScreenshot(panel, u"activity-notifications-empty"_s);

        const auto fits = [table, &notices](int column) {
            const QString text = notices.index(0, column).data().toString();
            return table->columnWidth(column) > table->fontMetrics().horizontalAdvance(text);
        };
        Notice notice;
        notice.kind = Notice::Kind::OrderFilled;
        notice.title = u"Order filled"_s;
        notice.text = u"Buy 2 × sea-3-h100 filled at $14.117/node-hour"_s;
        notice.section = u"orders"_s;
        notice.targetId = u"ordr_1"_s;
        notice.at = QDateTime(QDate(2026, 12, 28), QTime(23, 59)).toSecsSinceEpoch();
        // The first notice, with the tab on screen.
        notices.add(notice);
        QTRY_VERIFY(!placeholder->isVisible());
        QVERIFY(table->accessibleDescription().isEmpty());
        QTRY_VERIFY2(
            fits(NoticeLog::TimeColumn),
            qPrintable(
                u"%1 px for \"%2\""_s.arg(table->columnWidth(0)).arg(notices.index(0, 0).data().toString())));
        QVERIFY(fits(NoticeLog::NoticeColumn));
        saveWidgetScreenshot(panel, u"activity-notifications"_s);

        // One with a longer title arrives while the requests are shown: it fits once its tab shows.
        tabs->setCurrentIndex(0);
        notice.title = u"Order partly filled, the rest still standing"_s;
        notices.add(notice);
        tabs->setCurrentWidget(table->parentWidget());
        QTRY_VERIFY(fits(NoticeLog::NoticeColumn));
        QVERIFY(fits(NoticeLog::TimeColumn));
    }
};

QTEST_MAIN(TestActivityPanel)
#include "tst_activitypanel.moc"
