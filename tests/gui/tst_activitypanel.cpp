// SPDX-License-Identifier: Apache-2.0

#include "core/api/apiclient.h"
#include "core/models/activitymodel.h"
#include "core/settings/settings.h"
#include "gui/mainwindow/activitypanel.h"
#include "gui/mainwindow/mainwindow.h"
#include "support/simprocess.h"
#include "support/testenv.h"

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QNetworkAccessManager>
#include <QPushButton>
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
};

QTEST_MAIN(TestActivityPanel)
#include "tst_activitypanel.moc"
