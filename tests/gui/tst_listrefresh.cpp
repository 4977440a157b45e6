// SPDX-License-Identifier: Apache-2.0

#include "core/api/apiclient.h"
#include "core/models/poolmodel.h"
#include "core/models/session.h"
#include "core/settings/settings.h"
#include "gui/common/listrefresh.h"
#include "gui/common/resourcetableview.h"
#include "gui/common/updatedlabel.h"
#include "gui/common/viewcontext.h"
#include "support/fixtures.h"
#include "support/postedevents.h"
#include "support/routednetwork.h"
#include "support/testenv.h"

#include <QHBoxLayout>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

// A view's toolbar and table, as the views put them together, over a session of its own.
struct Fixture
{
    QTemporaryDir dir;
    Settings settings{dir.filePath(u"s.ini"_s)};
    RoutedNetwork network;
    ApiClient client{QUrl(u"http://127.0.0.1:1"_s), &network};
    ViewContext context{&settings};
    QWidget view;
    ResourceTableView* table = new ResourceTableView(u"pools"_s, &settings, &view);
    ListRefresh* refresh =
        new ListRefresh(u"pools"_s, u"Loading pools"_s, &context, table, {Session::Resource::Pools}, &view);

    Fixture()
    {
        client.setToken(u"t"_s);
        // The client retries a server error a few times; quickly here, where retries are not the point.
        ClientOptions options = client.options();
        options.retryBaseDelay = std::chrono::milliseconds(10);
        client.setOptions(options);
        // Every readable workspace: the scope is known without the account's workspaces.
        context.setAllWorkspaces(true);
        // Only the page's own refreshes and the first load ask, unless a test polls faster.
        context.setPollInterval(3600 * 1000);
        context.setClient(&client);
        // What a page does: its table shows the session's model.
        table->setSourceModel(context.session()->pools());
        QObject::connect(refresh, &ListRefresh::sessionChanged, table,
                         [this](Session* session) { table->setSourceModel(session->pools()); });
        auto* layout = new QHBoxLayout(&view);
        layout->addWidget(refresh->label());
        layout->addWidget(refresh->button());
        layout->addWidget(table);
    }

    int poolRequests() const { return network.count("GET", u"/pools"_s); }
    void show()
    {
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
    }
};

} // namespace

class TestListRefresh final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { TestEnv::init(); }

    void namesItsWidgetsForTheView()
    {
        Fixture f;
        QCOMPARE(f.view.findChild<QPushButton*>(u"poolsRefreshButton"_s), f.refresh->button());
        QCOMPARE(f.view.findChild<UpdatedLabel*>(u"poolsUpdatedLabel"_s), f.refresh->label());
    }

    void aHiddenPageAsksForNothing()
    {
        Fixture f;
        f.network.on("GET", u"/pools"_s, 200, Fixtures::bytes(u"pools.json"_s));
        QSignalSpy loaded(f.refresh, &ListRefresh::loaded);
        // The account's lists are the context's; this page's list waits until it is on screen.
        QTRY_VERIFY(f.network.count("GET", u"/feature_flags"_s) >= 1);
        QCOMPARE(f.poolRequests(), 0);
        QVERIFY(!f.refresh->isWatching());
        f.show();
        QVERIFY(f.refresh->isWatching());
        QTRY_COMPARE(loaded.count(), 1);
        QCOMPARE(f.poolRequests(), 1);
        f.view.hide();
        QVERIFY(!f.refresh->isWatching());
        QVERIFY(!f.context.session()->isWatched(Session::Resource::Pools));
    }

    void loadsShowsAndMarksUpdated()
    {
        Fixture f;
        f.network.on("GET", u"/pools"_s, 200, Fixtures::bytes(u"pools.json"_s));
        QSignalSpy loaded(f.refresh, &ListRefresh::loaded);
        f.show();
        QTRY_COMPARE(loaded.count(), 1);
        QVERIFY(f.context.session()->pools()->rowCount() > 0);
        QCOMPARE(f.table->sourceModel(), static_cast<QAbstractItemModel*>(f.context.session()->pools()));
        QCOMPARE(f.table->loadState(), ResourceTableView::LoadState::Loaded);
        QVERIFY2(f.refresh->label()->text().contains(u"updated"_s), qPrintable(f.refresh->label()->text()));
    }

    void theRefreshButtonAsksAgain()
    {
        Fixture f;
        f.network.on("GET", u"/pools"_s, 200, Fixtures::bytes(u"pools.json"_s));
        QSignalSpy loaded(f.refresh, &ListRefresh::loaded);
        f.show();
        QTRY_COMPARE(loaded.count(), 1);
        f.refresh->button()->click();
        // A loaded list keeps its rows while the refresh runs.
        QCOMPARE(f.table->loadState(), ResourceTableView::LoadState::Loaded);
        QTRY_COMPARE(loaded.count(), 2);
        QCOMPARE(f.poolRequests(), 2);
    }

    void aFailureIsShownAndReported_data()
    {
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("body");
        QTest::newRow("server error")
            << 500 << QByteArray(R"({"error":{"type":"api_error","message":"boom"}})");
        QTest::newRow("forbidden") << 403
                                   << QByteArray(R"({"error":{"type":"forbidden","message":"no grant"}})");
        QTest::newRow("malformed json") << 200 << QByteArray("{\"object\":\"list\",\"data\":[");
    }
    void aFailureIsShownAndReported()
    {
        QFETCH(int, status);
        QFETCH(QByteArray, body);
        Fixture f;
        f.network.on("GET", u"/pools"_s, status, body);
        QSignalSpy status_(&f.context, &ViewContext::statusMessage);
        f.show();
        QTRY_COMPARE(f.table->loadState(), ResourceTableView::LoadState::Failed);
        QCOMPARE(f.context.session()->pools()->rowCount(), 0);
        QVERIFY2(f.table->placeholderShown().startsWith(u"Could not load the list"_s),
                 qPrintable(f.table->placeholderShown()));
        QVERIFY(!f.refresh->label()->text().contains(u"updated"_s));
        // Other messages are the account's (no workspaces route here).
        QStringList reports;
        for (const QList<QVariant>& message : std::as_const(status_))
            if (message.first().toString().startsWith(u"Loading pools failed: "_s))
                reports << message.first().toString();
        QCOMPARE(reports.size(), 1);
    }

    void disconnectingShowsNotConnected()
    {
        Fixture f;
        f.network.on("GET", u"/pools"_s, 200, Fixtures::bytes(u"pools.json"_s));
        QSignalSpy loaded(f.refresh, &ListRefresh::loaded);
        f.show();
        QTRY_COMPARE(loaded.count(), 1);
        QVERIFY(f.refresh->label()->text().startsWith(u"updated"_s));
        f.context.setClient(nullptr);
        QCOMPARE(f.table->loadState(), ResourceTableView::LoadState::NotConnected);
        // The table shows the empty list of "not connected", nothing of the old session, and the
        // page no time of the old session's last read.
        QCOMPARE(f.table->sourceModel()->rowCount(), 0);
        QCOMPARE(f.refresh->label()->text(), QString());
        QVERIFY(!f.refresh->isWatching());
    }

    void f5RefreshesTheListOnScreen()
    {
        Fixture f;
        f.network.on("GET", u"/pools"_s, 200, Fixtures::bytes(u"pools.json"_s));
        QSignalSpy loaded(f.refresh, &ListRefresh::loaded);
        f.show();
        QTRY_COMPARE(loaded.count(), 1);
        f.view.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&f.view));
        QSignalSpy pressed(f.refresh->button(), &QPushButton::pressed);
        QTest::keyClick(&f.view, Qt::Key_F5);
        // The shortcut is taken within the key press: the button shows itself pressed at once,
        // then clicks a moment later.
        QCOMPARE(pressed.count(), 1);
        QTRY_COMPARE(loaded.count(), 2);
        QCOMPARE(f.poolRequests(), 2);
        // A view the user cannot see does not refresh on F5: its button is not even pressed.
        f.refresh->button()->hide();
        QTest::keyClick(&f.view, Qt::Key_F5);
        QCOMPARE(pressed.count(), 1);
        flushPostedEvents();
        QCOMPARE(f.poolRequests(), 2);
    }
};

QTEST_MAIN(TestListRefresh)
#include "tst_listrefresh.moc"
