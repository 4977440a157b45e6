// SPDX-License-Identifier: Apache-2.0

// The Availability page against sfsim: every SKU selected in turn keeps the page on a normal
// screen and charts the SKU's nodes for sale and best asks; an InfiniBand SKU names its fabric and
// the workspace's partitions on it.
#include "core/api/apiclient.h"
#include "core/models/partitionmodel.h"
#include "core/models/session.h"
#include "core/models/skumodel.h"
#include "core/settings/settings.h"
#include "gui/availability/availabilitychart.h"
#include "gui/availability/availabilityview.h"
#include "gui/common/resourcetableview.h"
#include "gui/common/viewcontext.h"
#include "support/apiwait.h"
#include "support/simprocess.h"
#include "support/testenv.h"
#include "warmup.h"
#include "widgetscreenshot.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QCheckBox>
#include <QFile>
#include <QFileDialog>
#include <QItemSelectionModel>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineSeries>
#include <QNetworkAccessManager>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

class TestAvailabilityView final : public QObject
{
    Q_OBJECT

    struct Page
    {
        QTemporaryDir dir;
        Settings settings{dir.filePath(u"s.ini"_s)};
        QNetworkAccessManager network;
        ApiClient client;
        ViewContext context{&settings};
        AvailabilityView view{&context};

        explicit Page(const SimProcess& sim)
            : client(sim.baseUrl(), &network)
        {
            client.setToken(sim.token(u"acme-owner"_s));
            view.resize(1100, 760);
            view.show();
            context.setClient(&client);
        }

        void select(int sourceRow)
        {
            auto* table = view.table();
            const QModelIndex index = table->proxy()->mapFromSource(view.model()->index(sourceRow, 0));
            table->table()->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect
                                                                         | QItemSelectionModel::Rows);
        }
    };

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        QVERIFY2(m_sim.start({u"--control"_s}), qPrintable(m_sim.errorOutput()));
        warmUpQt();
    }

    // The details were once one label of every hour's node count: selecting a SKU made the page
    // thousands of pixels tall. Now every SKU keeps it within a 1280x800 screen and charts it.
    void everySkuFitsAndIsCharted()
    {
        Page page(m_sim);
        QAbstractItemModelTester tester(page.view.model());
        constexpr int t = 15000;
        QTRY_VERIFY_WITH_TIMEOUT(page.view.model()->rowCount() > 0, t);
        QTRY_VERIFY_WITH_TIMEOUT(page.context.session()->isLoaded(Session::Resource::Availability), t);
        auto* details = page.view.findChild<QLabel*>(u"availabilityDetails"_s);
        AvailabilityChart* chart = page.view.chart();
        int charted = 0;
        int priced = 0;
        for (int row = 0; row < page.view.model()->rowCount(); ++row) {
            const InstanceSku sku = page.view.model()->at(row);
            page.select(row);
            QTRY_VERIFY_WITH_TIMEOUT(details->text().contains(sku.id), t);
            // The page asks for no more than a normal screen, whatever the SKU.
            QVERIFY2(page.view.minimumSizeHint().height() <= 800,
                     qPrintable(u"%1: minimum height %2"_s.arg(sku.alias).arg(
                         page.view.minimumSizeHint().height())));
            QVERIFY2(page.view.sizeHint().height() <= 800,
                     qPrintable(u"%1: height %2"_s.arg(sku.alias).arg(page.view.sizeHint().height())));
            QVERIFY(page.view.height() <= 800);
            QVERIFY2(details->height() < 200,
                     qPrintable(u"%1: details %2 px"_s.arg(sku.alias).arg(details->height())));
            if (!page.view.model()->schedule(sku.id).isEmpty()) {
                QVERIFY(chart->nodeSeries()->count() >= 2);
                ++charted;
            }
            // Prices come from the order book; not every SKU has asks.
            if (QTest::qWaitFor([&] { return chart->priceSeries()->count() > 0; }, 3000))
                ++priced;
            QVERIFY(chart->accessibleDescription().contains(u"Nodes for sale"_s)
                    || chart->accessibleDescription().contains(u"No nodes"_s));
        }
        QVERIFY(charted > 0);
        QVERIFY(priced > 0);
        // The chart's price line follows the selected SKU's asks.
        QVERIFY2(chart->accessibleDescription().contains(u"best ask"_s)
                     || chart->accessibleDescription().contains(u"No asks"_s),
                 qPrintable(chart->accessibleDescription()));
        saveWidgetScreenshot(&page.view, u"availability-sku"_s);
    }

    void infinibandSkuNamesItsFabricAndPartitions()
    {
        Page page(m_sim);
        constexpr int t = 15000;
        page.context.enrolInfiniband();
        QTRY_VERIFY_WITH_TIMEOUT(page.context.infinibandEnabled(), t);
        QTRY_VERIFY_WITH_TIMEOUT(page.view.model()->rowCount() > 0, t);
        int row = -1;
        for (int i = 0; i < page.view.model()->rowCount() && row < 0; ++i)
            if (page.view.model()->at(i).isInfiniband())
                row = i;
        QVERIFY(row >= 0);
        const InstanceSku sku = page.view.model()->at(row);
        const QString fabric = sku.property(u"infiniband_fabric"_s);
        QVERIFY(!fabric.isEmpty());
        page.select(row);
        auto* details = page.view.findChild<QLabel*>(u"availabilityDetails"_s);
        QTRY_VERIFY_WITH_TIMEOUT(details->text().contains(u"No partitions of workspace"_s), t);
        QVERIFY(details->text().contains(fabric));

        // A partition made on the fabric shows here as soon as the app has made it.
        InfinibandAdapter::NewPartition partition;
        partition.workspace = page.context.workspaceReference();
        partition.name = u"availability-check"_s;
        partition.fabric = fabric;
        QVERIFY(waitForResult<InfinibandPartition>(page.client.createInfinibandPartition(partition)));
        QTRY_VERIFY_WITH_TIMEOUT(details->text().contains(u"availability-check"_s), t);
        saveWidgetScreenshot(&page.view, u"availability-infiniband"_s);
    }

    // Export writes the rows shown (filtered, in the order shown) as CSV and JSON; the action asks
    // where without blocking.
    void exportsTheRowsShownInTheirOrder()
    {
        Page page(m_sim);
        QTRY_VERIFY_WITH_TIMEOUT(page.view.model()->rowCount() > 0, 15000);
        page.view.findChild<QCheckBox*>(u"availabilityInfinibandOnly"_s)->setChecked(true);
        QTableView* table = page.view.table()->table();
        table->sortByColumn(0, Qt::DescendingOrder);
        const QAbstractItemModel* shown = table->model();
        QVERIFY(shown->rowCount() > 1);
        QVERIFY(shown->rowCount() < page.view.model()->rowCount());
        QTemporaryDir dir;
        QString error;
        QVERIFY2(page.view.exportTo(dir.filePath(u"skus.csv"_s), ListPage::ExportFormat::Csv, &error),
                 qPrintable(error));
        QVERIFY(page.view.exportTo(dir.filePath(u"skus.json"_s), ListPage::ExportFormat::Json));
        QFile json(dir.filePath(u"skus.json"_s));
        QVERIFY(json.open(QIODevice::ReadOnly));
        const QJsonArray rows = QJsonDocument::fromJson(json.readAll()).array();
        QCOMPARE(rows.size(), shown->rowCount());
        for (int row = 0; row < shown->rowCount(); ++row) {
            QCOMPARE(rows.at(row).toObject().value(u"Name"_s).toString(),
                     shown->index(row, 0).data().toString());
            QCOMPARE(rows.at(row).toObject().value(u"Interconnect"_s).toString(), u"InfiniBand"_s);
        }
        QFile csv(dir.filePath(u"skus.csv"_s));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = csv.readAll().split('\n');
        QCOMPARE(lines.size(), shown->rowCount() + 2); // a header, the rows, and nothing after the last CRLF
        QVERIFY(lines.at(0).startsWith("Name,"));
        QVERIFY(lines.at(1).startsWith(QString(shown->index(0, 0).data().toString() + u',').toUtf8()));
        // A place that cannot be written says why.
        QVERIFY(
            !page.view.exportTo(u"/nonexistent-directory/skus.csv"_s, ListPage::ExportFormat::Csv, &error));
        QVERIFY(!error.isEmpty());
        // The page's Export action asks where in a dialog that does not block it.
        auto* action = page.view.findChild<QAction*>(u"availabilityExportAction"_s);
        QVERIFY(action);
        action->trigger();
        QFileDialog* dialog = nullptr;
        QTRY_VERIFY((dialog = page.view.findChild<QFileDialog*>(u"availabilityExportDialog"_s)));
        dialog->reject();
    }

private:
    SimProcess m_sim;
};

QTEST_MAIN(TestAvailabilityView)
#include "tst_availabilityview.moc"
