#include "core/api/apiclient.h"
#include "core/models/poolmodel.h"
#include "core/settings/settings.h"
#include "gui/common/listrefresh.h"
#include "gui/common/resourcetableview.h"
#include "gui/common/updatedlabel.h"
#include "gui/common/viewcontext.h"
#include "routednetwork.h"
#include "support/fixtures.h"
#include "support/testenv.h"

#include <QHBoxLayout>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

const QByteArray emptyList = R"({"object":"list","has_more":false,"data":[]})";

// A view's toolbar and table, as the views put them together.
struct Fixture
{
    QTemporaryDir dir;
    Settings settings{dir.filePath(u"s.ini"_s)};
    RoutedNetwork network;
    ApiClient client{QUrl(u"http://127.0.0.1:1"_s), &network};
    ViewContext context{&settings};
    QWidget view;
    ResourceTableView* table = new ResourceTableView(u"pools"_s, &settings, &view);
    ListRefresh* refresh = new ListRefresh(u"pools"_s, u"Loading pools"_s, &context, table, &view);
    QList<QList<Pool>> applied;
    int done = 0;

    Fixture()
    {
        client.setToken(u"t"_s);
        // The client retries a server error a few times; quickly here, where retries are not the point.
        ClientOptions options = client.options();
        options.retryBaseDelay = std::chrono::milliseconds(10);
        client.setOptions(options);
        context.setClient(&client);
        auto* layout = new QHBoxLayout(&view);
        layout->addWidget(refresh->label());
        layout->addWidget(refresh->button());
        layout->addWidget(table);
    }

    void load()
    {
        refresh->load<QList<Pool>>(
            client.pools(), [this](const QList<Pool>& pools) { applied << pools; }, [this] { ++done; });
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
        QSignalSpy requested(f.refresh, &ListRefresh::requested);
        f.refresh->button()->click();
        QCOMPARE(requested.count(), 1);
    }

    void loadsShowsAndMarksUpdated()
    {
        Fixture f;
        f.network.on("GET", u"/pools"_s, 200, Fixtures::bytes(u"pools.json"_s));
        f.load();
        QCOMPARE(f.table->loadState(), ResourceTableView::LoadState::Loading);
        QTRY_COMPARE(f.done, 1);
        QCOMPARE(f.applied.size(), 1);
        QVERIFY(!f.applied.first().isEmpty());
        QCOMPARE(f.table->loadState(), ResourceTableView::LoadState::Loaded);
        QVERIFY2(f.refresh->label()->text().contains(u"updated"_s), qPrintable(f.refresh->label()->text()));
    }

    void anOvertakenAnswerIsDropped()
    {
        Fixture f;
        int calls = 0;
        f.network.on("GET", u"/pools"_s, [&calls](const RoutedNetwork::Seen&) {
            return RoutedNetwork::Answer{200, ++calls == 1 ? Fixtures::bytes(u"pools.json"_s) : emptyList};
        });
        f.load();
        f.load();
        QTRY_COMPARE(f.done, 1);
        QTRY_COMPARE(calls, 2);
        QTest::qWait(50);
        QCOMPARE(f.done, 1);
        QCOMPARE(f.applied.size(), 1);
        QVERIFY(f.applied.first().isEmpty()); // the second request's answer
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
        f.load();
        QTRY_COMPARE(f.done, 1);
        QVERIFY(f.applied.isEmpty());
        QCOMPARE(f.table->loadState(), ResourceTableView::LoadState::Failed);
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

    void aLoadedListKeepsItsRowsWhileRefreshing()
    {
        Fixture f;
        f.network.on("GET", u"/pools"_s, 200, Fixtures::bytes(u"pools.json"_s));
        f.load();
        QTRY_COMPARE(f.done, 1);
        f.load();
        QCOMPARE(f.table->loadState(), ResourceTableView::LoadState::Loaded);
        QTRY_COMPARE(f.done, 2);
    }

    void disconnectingDropsTheAnswerOnItsWay()
    {
        Fixture f;
        f.network.on("GET", u"/pools"_s, 200, Fixtures::bytes(u"pools.json"_s));
        f.load();
        f.refresh->showNotConnected();
        QTRY_COMPARE(f.network.count("GET", u"/pools"_s), 1);
        QTest::qWait(50);
        QVERIFY(f.applied.isEmpty());
        QCOMPARE(f.done, 0);
        QCOMPARE(f.table->loadState(), ResourceTableView::LoadState::NotConnected);
    }

    void f5RefreshesTheListOnScreen()
    {
        Fixture f;
        QSignalSpy requested(f.refresh, &ListRefresh::requested);
        f.view.show();
        f.view.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&f.view));
        QTest::keyClick(&f.view, Qt::Key_F5);
        // The button shows itself pressed for a moment, then clicks.
        QTRY_COMPARE(requested.count(), 1);
        // A view the user cannot see does not refresh on F5.
        f.refresh->button()->hide();
        QTest::keyClick(&f.view, Qt::Key_F5);
        QTest::qWait(300);
        QCOMPARE(requested.count(), 1);
    }
};

QTEST_MAIN(TestListRefresh)
#include "tst_listrefresh.moc"
