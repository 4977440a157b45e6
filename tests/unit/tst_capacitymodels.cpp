// SPDX-License-Identifier: Apache-2.0

#include "core/api/resourcejson.h"
#include "core/cli/sfcommand.h"
#include "core/market/procurementcheck.h"
#include "core/models/poolmodel.h"
#include "core/models/pooltransfermodel.h"
#include "core/models/procurementmodel.h"
#include "core/util/plaintext.h"
#include "support/fixtures.h"
#include "support/testenv.h"

#include <QAbstractItemModelTester>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

constexpr qint64 H = 3600;
constexpr qint64 T0 = 1'800'000'000; // an hour boundary

} // namespace

// Procurements and pool transfers in the client: what is read from the API's answers and written
// into its requests, the models the Session keeps of them, the planner's check of a procurement
// against what the pool owns, and the sf command lines.
class TestCapacityModels final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { TestEnv::init(); }

    void readsProcurements()
    {
        const QList<Procurement> procurements =
            Fixtures::list<Procurement>(u"procurements.json"_s, parseProcurement);
        QCOMPARE(procurements.size(), 2);
        const Procurement& keep = procurements.first();
        QCOMPARE(keep.id, u"proc_k3R-nX9vLm7Qp2Yw5Jd8F"_s);
        QCOMPARE(keep.name, u"keep-dev"_s);
        QCOMPARE(keep.pool, (ObjectRef{u"pool_nuO4nVSM8O3NnsRE7udBe"_s, u"dev"_s}));
        QCOMPARE(keep.sku, (ObjectRef{u"isku_cxcwpDW93MaaBelmnLaez"_s, u"sea-3-h100"_s}));
        QCOMPARE(keep.target, 2);
        QCOMPARE(keep.maxBuyPrice.micros, 20'000'040);
        QCOMPARE(keep.minSellPrice.micros, 40'000'020);
        QCOMPARE(keep.windowMinutes, 1440);
        QVERIFY(keep.enabled);
        QCOMPARE(keep.state, Procurement::State::Warning);
        QVERIFY(keep.statusMessage.startsWith(u"Short of target"_s));
        // The document's other target form names no count; prices need not have six decimals.
        const Procurement& floor = procurements.last();
        QCOMPARE(floor.target, 0);
        QCOMPARE(floor.maxBuyPrice.micros, 0);
        QCOMPARE(floor.minSellPrice.micros, 3'500'000);
        QVERIFY(!floor.enabled);
        QCOMPARE(floor.state, Procurement::State::Info);

        // What is wrong is named.
        QJsonObject broken =
            Fixtures::object(u"procurements.json"_s).value(u"data"_s).toArray().first().toObject();
        broken.insert(u"target"_s, QJsonArray());
        QString error;
        QVERIFY(!parseProcurement(broken, &error));
        QVERIFY2(error.contains(u"target"_s), qPrintable(error));
        broken.remove(u"target"_s);
        broken.insert(u"object"_s, u"order"_s);
        QVERIFY(!parseProcurement(broken, &error));
    }

    void readsPoolTransfers()
    {
        const QList<PoolTransfer> transfers =
            Fixtures::list<PoolTransfer>(u"pool_transfers.json"_s, parsePoolTransfer);
        QCOMPARE(transfers.size(), 2);
        QCOMPARE(transfers.first().status, PoolTransfer::Status::Rejected);
        QVERIFY(transfers.first().isSettled());
        QVERIFY(transfers.first().rejectedReason.contains(u"fewer than the 3"_s));
        QCOMPARE(transfers.last().status, PoolTransfer::Status::Executed);
        QCOMPARE(transfers.last().fromPool, u"pool_nuO4nVSM8O3NnsRE7udBe"_s);
        QCOMPARE(transfers.last().toPool, u"pool_Qw3Er4Ty5Ui6Op7As8Df9"_s);
        QCOMPARE(transfers.last().delta.size(), 2);
        QCOMPARE(PoolTransferModel::nodes(transfers.last()), 1);
        QCOMPARE(PoolTransferModel::startAt(transfers.last()), 1784592000);
        QCOMPARE(PoolTransferModel::endAt(transfers.last()), 1784599200);
        QJsonObject pending =
            Fixtures::object(u"pool_transfers.json"_s).value(u"data"_s).toArray().first().toObject();
        pending.insert(u"status"_s, u"queued"_s);
        QString error;
        const auto unknown = parsePoolTransfer(pending, &error);
        QVERIFY2(unknown, qPrintable(error));
        QCOMPARE(unknown->status, PoolTransfer::Status::Unknown);
        QVERIFY(!unknown->isSettled());
        QCOMPARE(PoolTransferModel::statusText(*unknown), u"queued"_s);
    }

    void writesRequests()
    {
        ProcurementRequest request;
        request.pool = u"pool_a"_s;
        request.sku = u"isku_b"_s;
        request.target = 16;
        request.maxBuyPrice = u"2.50"_s;
        request.minSellPrice = u"5.00"_s;
        request.windowMinutes = 1440;
        QJsonObject body = procurementRequestToJson(request);
        QCOMPARE(body, (QJsonObject{{u"pool"_s, u"pool_a"_s},
                                    {u"instance_sku"_s, u"isku_b"_s},
                                    {u"target"_s, 16},
                                    {u"max_buy_price_dollars_per_node_hour"_s, u"2.50"_s},
                                    {u"min_sell_price_dollars_per_node_hour"_s, u"5.00"_s},
                                    {u"managed_window_minutes"_s, 1440},
                                    {u"enabled"_s, true}}));
        request.name = u"keep"_s;
        QCOMPARE(procurementRequestToJson(request).value(u"name"_s).toString(), u"keep"_s);

        // A change sends only what it sets (and never a target: the document's PATCH has none).
        ProcurementChange change;
        QVERIFY(change.isEmpty());
        QCOMPARE(procurementChangeToJson(change), QJsonObject());
        change.enabled = false;
        change.maxBuyPrice = u"3.00"_s;
        QCOMPARE(procurementChangeToJson(change),
                 (QJsonObject{{u"enabled"_s, false}, {u"max_buy_price_dollars_per_node_hour"_s, u"3.00"_s}}));

        PoolTransferRequest transfer{u"pool_a"_s, u"pool_b"_s, u"isku_c"_s, {ScheduleEntry{T0, T0 + H, 2}}};
        QCOMPARE(poolTransferRequestToJson(transfer),
                 (QJsonObject{{u"from_pool"_s, u"pool_a"_s},
                              {u"to_pool"_s, u"pool_b"_s},
                              {u"instance_sku"_s, u"isku_c"_s},
                              {u"allocation_schedule_delta"_s,
                               QJsonArray{QJsonObject{
                                   {u"start_at"_s, T0}, {u"end_at"_s, T0 + H}, {u"node_count"_s, 2}}}}}));
    }

    void procurementModel()
    {
        ProcurementModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QList<Procurement> rows = Fixtures::list<Procurement>(u"procurements.json"_s, parseProcurement);
        model.refresh(rows);
        QCOMPARE(model.rowCount(), 2);
        // The plural forms are the catalogues' (none is loaded here).
        QCOMPARE(model.index(0, ProcurementModel::TargetColumn).data().toString(),
                 ProcurementModel::tr("%n node(s)", nullptr, 2));
        QCOMPARE(model.index(0, ProcurementModel::WindowColumn).data().toString(),
                 ProcurementModel::tr("%n day(s)", nullptr, 1));
        QCOMPARE(model.index(1, ProcurementModel::WindowColumn).data().toString(),
                 ProcurementModel::tr("%n minute(s)", nullptr, 90));
        QCOMPARE(model.index(1, ProcurementModel::EnabledColumn).data().toString(), u"Disabled"_s);
        QCOMPARE(model.ofPool(u"pool_Qw3Er4Ty5Ui6Op7As8Df9"_s).size(), 1);
        // The server's words: shown as they are, and escaped in a tooltip (read as markup).
        rows.first().statusMessage = u"<b>short</b>"_s;
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.refresh(rows);
        QCOMPARE(changed.size(), 1);
        QCOMPARE(model.index(0, ProcurementModel::StatusColumn).data().toString(), u"<b>short</b>"_s);
        QCOMPARE(model.index(0, ProcurementModel::StatusColumn).data(Qt::ToolTipRole).toString(),
                 PlainText::toolTip(u"<b>short</b>"_s));
        QVERIFY(model.index(0, ProcurementModel::StatusColumn)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(u"&lt;b&gt;short&lt;/b&gt;"_s));
        // What the server answered a write with goes in at once; a deleted one goes at the next read.
        Procurement made = rows.first();
        made.id = u"proc_new"_s;
        model.upsert(made);
        QCOMPARE(model.rowCount(), 3);
        model.refresh(rows.mid(1));
        QCOMPARE(model.rowCount(), 1);
    }

    void poolTransferModel()
    {
        PoolModel pools;
        PoolTransferModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setPools(&pools);
        model.refresh(Fixtures::list<PoolTransfer>(u"pool_transfers.json"_s, parsePoolTransfer));
        QCOMPARE(model.rowCount(), 2);
        // Pools the session does not know show by id; once known, by name and workspace.
        QCOMPARE(model.index(0, PoolTransferModel::FromColumn).data().toString(),
                 u"pool_nuO4nVSM8O3NnsRE7udBe"_s);
        QSignalSpy names(&model, &QAbstractItemModel::dataChanged);
        pools.refresh(Fixtures::list<Pool>(u"pools.json"_s, parsePool));
        QVERIFY(!names.isEmpty());
        QCOMPARE(model.index(0, PoolTransferModel::FromColumn).data().toString(), u"dev (default)"_s);
        QCOMPARE(model.index(0, PoolTransferModel::StatusColumn).data().toString(), u"Rejected"_s);
        const QString reason = model.index(0, PoolTransferModel::ReasonColumn).data().toString();
        QVERIFY(reason.endsWith(u"<b>not bold</b>"_s));
        QVERIFY(model.index(0, PoolTransferModel::ReasonColumn)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(u"&lt;b&gt;not bold&lt;/b&gt;"_s));
        QCOMPARE(model.index(1, 0).data(PoolTransferModel::PoolsRole).toString(),
                 u"pool_nuO4nVSM8O3NnsRE7udBe pool_Qw3Er4Ty5Ui6Op7As8Df9"_s);
        QCOMPARE(model.index(1, PoolTransferModel::NodesColumn).data(ResourceRole::RawRole).toLongLong(), 1);
    }

    void checkAgainstWhatThePoolOwns_data()
    {
        QTest::addColumn<qint64>("owned");      // nodes over the next two hours
        QTest::addColumn<qint64>("laterOwned"); // nodes in the third hour
        QTest::addColumn<bool>("enabled");
        QTest::addColumn<qint64>("ask"); // best ask of the second hour, 0: no quotes
        QTest::addColumn<int>("kind");
        QTest::addColumn<bool>("capUnderAsk");
        using Kind = ProcurementCheck::Standing::Kind;
        QTest::newRow("on target") << qint64(2) << qint64(2) << true << qint64(0) << int(Kind::OnTarget)
                                   << false;
        QTest::newRow("disabled") << qint64(0) << qint64(0) << false << qint64(0) << int(Kind::Disabled)
                                  << false;
        QTest::newRow("over") << qint64(3) << qint64(2) << true << qint64(0) << int(Kind::Over) << false;
        QTest::newRow("short, the cap under the ask")
            << qint64(2) << qint64(1) << true << qint64(3'000'000) << int(Kind::Short) << true;
        QTest::newRow("short, buying under the cap")
            << qint64(2) << qint64(1) << true << qint64(2'000'000) << int(Kind::Short) << false;
        QTest::newRow("short, no quotes")
            << qint64(2) << qint64(0) << true << qint64(0) << int(Kind::Short) << false;
    }
    void checkAgainstWhatThePoolOwns()
    {
        QFETCH(qint64, owned);
        QFETCH(qint64, laterOwned);
        QFETCH(bool, enabled);
        QFETCH(qint64, ask);
        QFETCH(int, kind);
        QFETCH(bool, capUnderAsk);
        PlannerProcurement procurement;
        procurement.target = 2;
        procurement.window = 3 * H;
        procurement.maxBuyMicros = 2'500'000;
        procurement.enabled = enabled;
        // The window starts with the next minute: T0 + 60 to T0 + 3h + 60.
        const Schedule schedule = Schedule::rectangle(T0, T0 + 2 * H + 60, owned)
                                      .plus(Schedule::rectangle(T0 + 2 * H + 60, T0 + 4 * H, laterOwned));
        QList<HourQuote> quotes;
        if (ask > 0)
            quotes << HourQuote{T0 + 2 * H, ask, std::nullopt, std::nullopt};
        const auto result = ProcurementCheck::evaluate(procurement, schedule, T0, quotes);
        QCOMPARE(int(result.kind), kind);
        QCOMPARE(result.capUnderAsk(), capUnderAsk);
        QCOMPARE(result.from, T0 + 60);
        QCOMPARE(result.until, T0 + 3 * H + 60);
        if (result.kind == ProcurementCheck::Standing::Kind::Short) {
            QCOMPARE(result.at, T0 + 2 * H + 60);
            QCOMPARE(result.owned, laterOwned);
            QCOMPARE(result.quoteKnown, ask > 0);
        }
        if (result.kind == ProcurementCheck::Standing::Kind::Over)
            QCOMPARE(result.owned, 3);
    }

    void sfCommands()
    {
        SfCommand::ProcurementCreate create;
        create.name = u"keep 16"_s;
        create.pool = u"sfc:pool:acme:production:training"_s;
        create.sku = u"isku_abc"_s;
        create.target = 16;
        create.maxBuyPrice = u"20.00"_s;
        create.minSellPrice = u"10.00"_s;
        create.windowMinutes = 120;
        QCOMPARE(
            SfCommand::procurementCreate(create),
            u"sf procurements create --name 'keep 16' --pool sfc:pool:acme:production:training "
            "--instance-sku isku_abc --target 16 --max-buy-price 20.00 --min-sell-price 10.00 --window 2h"_s);
        QCOMPARE(SfCommand::procurementDelete(u"proc_x"_s), u"sf procurements delete proc_x"_s);
        SfCommand::PoolTransferCreate transfer;
        transfer.from = u"sfc:pool:acme:production:a"_s;
        transfer.to = u"sfc:pool:acme:research:b"_s;
        transfer.sku = u"isku_abc"_s;
        transfer.nodes = 2;
        transfer.startAt = 1'741'946'400;
        transfer.durationSeconds = 86400;
        QCOMPARE(SfCommand::poolTransfer(transfer),
                 u"sf pools transfer --from sfc:pool:acme:production:a --to sfc:pool:acme:research:b "
                 "--instance-sku isku_abc --nodes 2 --start 2025-03-14T10:00:00Z --duration 1d"_s);
    }
};

QTEST_GUILESS_MAIN(TestCapacityModels)
#include "tst_capacitymodels.moc"
