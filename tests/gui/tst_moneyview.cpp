// SPDX-License-Identifier: Apache-2.0

// The money view against the real sfsim over HTTP: buy and sell orders that fill, then the view's
// bought, sold and net per pool and per workspace equal the sums of the fills the API answers
// (read here on their own and summed in integers); Export writes the rows the table shows.
#include "common/constvalue.h"
#include "common/money.h"
#include "core/api/apiclient.h"
#include "core/models/format.h"
#include "core/models/moneymodel.h"
#include "core/models/resourcetablemodel.h"
#include "core/settings/settings.h"
#include "gui/common/resourcetableview.h"
#include "gui/common/viewcontext.h"
#include "gui/money/burndownchart.h"
#include "gui/money/moneyview.h"
#include "support/eventloopwatchdog.h"
#include "support/simclient.h"
#include "support/simprocess.h"
#include "support/testenv.h"
#include "warmup.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QFile>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QLineSeries>
#include <QNetworkAccessManager>
#include <QPushButton>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QUrlQuery>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

constexpr qint64 H = 3600;
constexpr int Timeout = 15000;

struct Sums
{
    qint64 bought = 0;
    qint64 sold = 0;
    qint64 boughtNodeSeconds = 0;
    qint64 soldNodeSeconds = 0;
    int fills = 0;
};

// One CSV record per line (the export ends lines with CRLF), quoted fields unquoted.
QList<QStringList> parseCsv(const QByteArray& data)
{
    QList<QStringList> records;
    const QString text = QString::fromUtf8(data);
    QStringList fields;
    QString field;
    bool quoted = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (quoted) {
            if (c == u'"' && i + 1 < text.size() && text.at(i + 1) == u'"') {
                field += u'"';
                ++i;
            } else if (c == u'"') {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == u'"') {
            quoted = true;
        } else if (c == u',') {
            fields << field;
            field.clear();
        } else if (c == u'\r') {
            continue;
        } else if (c == u'\n') {
            fields << field;
            records << fields;
            fields.clear();
            field.clear();
        } else {
            field += c;
        }
    }
    return records;
}

} // namespace

class TestMoneyView final : public QObject
{
    Q_OBJECT

private:
    SimProcess m_sim;
    SimClient m_api;
    QString m_h100;
    EventLoopWatchdog m_watchdog;

    QString createPool(const QString& name, const QString& workspace)
    {
        return m_api
            .post(u"/preview/v2/pools"_s,
                  {{u"workspace"_s, QString(u"sfc:workspace:acme:"_s + workspace)}, {u"name"_s, name}})
            .id();
    }

    QString quotedRate(qint64 start, qint64 end, qint64 nodes)
    {
        const SimReply r =
            m_api.post(u"/preview/v2/order_preview"_s,
                       {{u"side"_s, u"buy"_s},
                        {u"requirements"_s, QJsonObject{{u"instance_sku"_s, QJsonArray{m_h100}}}},
                        {u"start_at"_s, start},
                        {u"duration_seconds"_s, end - start},
                        {u"node_count"_s, nodes}});
        return r.json.value(u"post_order_body"_s)
            .toObject()
            .value(u"limit_price_dollars_per_node_hour"_s)
            .toString();
    }

    // Places an order that fills at once (allow_standing false); its status as answered.
    QString place(const QString& pool, const QString& side, qint64 start, qint64 end, qint64 nodes,
                  const QString& limit)
    {
        const SimReply r = m_api.post(
            u"/preview/v2/orders"_s,
            {{u"pool"_s, pool},
             {u"side"_s, side},
             {u"instance_sku"_s, m_h100},
             {u"allocation_schedule_delta"_s,
              QJsonArray{QJsonObject{{u"start_at"_s, start}, {u"end_at"_s, end}, {u"node_count"_s, nodes}}}},
             {u"limit_price_dollars_per_node_hour"_s, limit},
             {u"allow_standing"_s, false}});
        return r.json.value(u"status"_s).toString();
    }

    // Every order of a pool as the API lists it, page by page, its fills summed in integers:
    // node-seconds from each fill's schedule, times the price's micro-dollars, over 3600.
    Sums sumsOf(const QString& pool)
    {
        Sums sums;
        QString cursor;
        for (;;) {
            QUrlQuery query;
            query.addQueryItem(u"pool"_s, pool);
            query.addQueryItem(u"limit"_s, u"200"_s);
            if (!cursor.isEmpty())
                query.addQueryItem(u"starting_after"_s, cursor);
            const SimReply page = m_api.get(u"/preview/v2/orders?"_s + query.toString(QUrl::FullyEncoded));
            if (page.status != 200)
                return {};
            for (const auto& value : constValue(page.data())) {
                const QJsonObject order = value.toObject();
                const bool sell = order.value(u"side"_s).toString() == u"sell";
                for (const auto& f : constValue(order.value(u"fills"_s).toArray())) {
                    const QJsonObject fill = f.toObject();
                    qint64 nodeSeconds = 0;
                    for (const auto& e : constValue(fill.value(u"allocation_schedule_delta"_s).toArray())) {
                        const QJsonObject entry = e.toObject();
                        nodeSeconds +=
                            (entry.value(u"end_at"_s).toInteger() - entry.value(u"start_at"_s).toInteger())
                            * entry.value(u"node_count"_s).toInteger();
                    }
                    const auto rate =
                        Money::parseRate(fill.value(u"price_dollars_per_node_hour"_s).toString());
                    if (!rate)
                        return {};
                    // Per-minute prices on minute-aligned schedules: the product is whole micro-dollars.
                    const qint64 product = *rate * nodeSeconds;
                    if (product % 3600 != 0)
                        qWarning("a fill's amount is not whole micro-dollars: %lld / 3600", product);
                    (sell ? sums.sold : sums.bought) += product / 3600;
                    (sell ? sums.soldNodeSeconds : sums.boughtNodeSeconds) += nodeSeconds;
                    ++sums.fills;
                }
            }
            cursor = page.json.value(u"cursor"_s).toString();
            if (!page.json.value(u"has_more"_s).toBool() || cursor.isEmpty())
                break;
        }
        return sums;
    }

    static int rowOf(const QAbstractItemModel* model, const QString& key)
    {
        for (int row = 0; row < model->rowCount(); ++row)
            if (model->index(row, 0).data(ResourceRole::IdRole).toString() == key)
                return row;
        return -1;
    }

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        QVERIFY2(m_sim.start({u"--control"_s}), qPrintable(m_sim.errorOutput()));
        m_api.setBaseUrl(m_sim.baseUrl());
        m_api.setToken(m_sim.token(u"acme-owner"_s));
        for (const auto& v : constValue(m_api.get(u"/preview/v2/instance_skus?limit=200"_s).data()))
            if (v.toObject().value(u"alias").toString() == u"sea-3-h100")
                m_h100 = v.toObject().value(u"id").toString();
        QVERIFY(!m_h100.isEmpty());
        warmUpQt();
        m_watchdog.start();
    }

    void cleanup()
    {
        QString stall;
        QVERIFY2(m_watchdog.checkFunction(&stall), qPrintable(stall));
    }
    void cleanupTestCase() { m_watchdog.report(); }

    void totalsEqualTheFillsAndTheExportTheTable()
    {
        // Two pools in two workspaces: bought in both, part of one sold back to the market.
        const QString training = createPool(u"money-training"_s, u"default"_s);
        const QString inference = createPool(u"money-inference"_s, u"production"_s);
        QVERIFY(!training.isEmpty() && !inference.isEmpty());
        const qint64 now = m_api.now();
        const qint64 start = (now / H + 2) * H;
        QCOMPARE(place(training, u"buy"_s, start, start + 6 * H, 3, quotedRate(start, start + 6 * H, 3)),
                 u"filled"_s);
        QCOMPARE(place(training, u"buy"_s, start + 6 * H, start + 7 * H, 1,
                       quotedRate(start + 6 * H, start + 7 * H, 1)),
                 u"filled"_s);
        QCOMPARE(place(inference, u"buy"_s, start, start + 3 * H, 2, quotedRate(start, start + 3 * H, 2)),
                 u"filled"_s);
        QCOMPARE(place(training, u"sell"_s, start + 2 * H, start + 4 * H, 2, u"0.060000"_s), u"filled"_s);
        const Sums trainingSums = sumsOf(training);
        const Sums inferenceSums = sumsOf(inference);
        QCOMPARE(trainingSums.fills >= 3, true);
        QVERIFY(trainingSums.sold > 0 && trainingSums.bought > 0 && inferenceSums.bought > 0);

        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        QNetworkAccessManager network;
        ApiClient client(m_sim.baseUrl(), &network);
        client.setToken(m_sim.token(u"acme-owner"_s));
        ViewContext context(&settings);
        context.setAllWorkspaces(true);
        // No poll comes again within the test: what changes later comes with the app's own write.
        context.setPollInterval(3'600'000);
        MoneyView view(&context, [now] { return now; });
        QAbstractItemModelTester tester(view.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        view.resize(1200, 760);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        context.setClient(&client);

        // Per pool: the figures the API's fills add up to, to the micro-dollar.
        MoneyModel* model = view.model();
        QTRY_VERIFY_WITH_TIMEOUT(rowOf(model, training) >= 0 && rowOf(model, inference) >= 0
                                     && model->rows().at(rowOf(model, training)).sold > 0,
                                 Timeout);
        const MoneyModel::Row trainingRow = model->rows().at(rowOf(model, training));
        QCOMPARE(trainingRow.bought, trainingSums.bought);
        QCOMPARE(trainingRow.sold, trainingSums.sold);
        QCOMPARE(trainingRow.boughtNodeSeconds, trainingSums.boughtNodeSeconds);
        QCOMPARE(trainingRow.soldNodeSeconds, trainingSums.soldNodeSeconds);
        QCOMPARE(trainingRow.net(), trainingSums.bought - trainingSums.sold);
        QCOMPARE(trainingRow.workspace, u"default"_s);
        QCOMPARE(model->rows().at(rowOf(model, inference)).bought, inferenceSums.bought);
        // What the table shows is the one money format of those exact sums.
        QTableView* table = view.table()->table();
        const int shownRow = rowOf(table->model(), training);
        QCOMPARE(table->model()->index(shownRow, MoneyModel::NetColumn).data().toString(),
                 Format::money(trainingSums.bought - trainingSums.sold));
        QVERIFY(view.summary()->text().contains(Format::money(model->totals().net())));

        // Per workspace: the production row is the inference pool's, the default row holds training's.
        auto* grouping = view.findChild<QComboBox*>(u"moneyGrouping"_s);
        QVERIFY(grouping);
        grouping->setCurrentIndex(grouping->findData(int(MoneyModel::Grouping::Workspace)));
        QCOMPARE(model->grouping(), MoneyModel::Grouping::Workspace);
        const int production = rowOf(model, u"production"_s);
        QVERIFY(production >= 0);
        QCOMPARE(model->rows().at(production).bought, inferenceSums.bought);
        QCOMPARE(model->rows().at(production).sold, inferenceSums.sold);
        const int defaultRow = rowOf(model, u"default"_s);
        QVERIFY(defaultRow >= 0);
        QVERIFY(model->rows().at(defaultRow).bought >= trainingSums.bought);
        QVERIFY(table->isColumnHidden(MoneyModel::WorkspaceColumn));

        // Export: a header and then each row the table shows, as it shows it.
        const QString path = dir.filePath(u"money.csv"_s);
        QString error;
        QVERIFY2(view.exportTo(path, ListPage::ExportFormat::Csv, &error), qPrintable(error));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QList<QStringList> records = parseCsv(file.readAll());
        QList<int> columns;
        for (int visual = 0; visual < table->horizontalHeader()->count(); ++visual) {
            const int logical = table->horizontalHeader()->logicalIndex(visual);
            if (!table->isColumnHidden(logical))
                columns << logical;
        }
        QCOMPARE(records.size(), table->model()->rowCount() + 1);
        QStringList header;
        for (int column : std::as_const(columns))
            header << table->model()->headerData(column, Qt::Horizontal).toString();
        QCOMPARE(records.first(), header);
        for (int row = 0; row < table->model()->rowCount(); ++row) {
            QStringList shown;
            for (int column : std::as_const(columns)) {
                const QString text = table->model()->index(row, column).data().toString();
                // A negative amount starts with '-': the export keeps a spreadsheet from reading it
                // as a formula, as it does for every table.
                shown << (text.startsWith(u'-') ? u"'"_s + text : text);
            }
            QCOMPARE(records.at(row + 1), shown);
        }

        // The chart draws the month so far, and says its last figure in words.
        QVERIFY(!view.chart()->netSeries()->points().isEmpty());
        QVERIFY(!view.chart()->accessibleDescription().isEmpty());

        // A sell the app places itself: the session reads the orders again at once, and the view
        // follows with the new fill, still equal to the API's sums.
        grouping->setCurrentIndex(grouping->findData(int(MoneyModel::Grouping::Pool)));
        OrderRequest sell;
        sell.pool = training;
        sell.side = u"sell"_s;
        sell.sku = m_h100;
        sell.startAt = start + 4 * H;
        sell.endAt = start + 5 * H;
        sell.nodeCount = 1;
        sell.limitPrice = u"0.060000"_s;
        QString placed;
        client.createOrder(sell).onSuccess(this,
                                           [&placed](const Order& order) { placed = order.statusText; });
        QTRY_COMPARE_WITH_TIMEOUT(placed, u"filled"_s, Timeout);
        const Sums after = sumsOf(training);
        QVERIFY(after.sold > trainingSums.sold);
        QTRY_COMPARE_WITH_TIMEOUT(model->rows().at(rowOf(model, training)).sold, after.sold, Timeout);
        QCOMPARE(model->rows().at(rowOf(model, training)).soldNodeSeconds, after.soldNodeSeconds);
        QCOMPARE(model->rows().at(rowOf(model, training)).bought, after.bought);
    }
};

QTEST_MAIN(TestMoneyView)
#include "tst_moneyview.moc"
