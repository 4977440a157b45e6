// SPDX-License-Identifier: Apache-2.0

#include "core/api/apiclient.h"

#include "common/constvalue.h"
#include "confirmations.h"
#include "core/api/apicall.h"
#include "core/models/imagemodel.h"
#include "core/models/instancemodel.h"
#include "core/models/poolmodel.h"
#include "core/settings/settings.h"
#include "gui/cloudinit/cloudinitcodeeditor.h"
#include "gui/cloudinit/cloudinitpage.h"
#include "gui/common/messagebar.h"
#include "gui/common/resourcetableview.h"
#include "gui/common/viewcontext.h"
#include "gui/images/imagesview.h"
#include "gui/instances/consolelogdialog.h"
#include "gui/instances/createinstancewizard.h"
#include "gui/instances/instancesview.h"
#include "gui/pools/poolsview.h"
#include "support/eventloopwatchdog.h"
#include "support/fixtures.h"
#include "support/routednetwork.h"
#include "support/simclient.h"
#include "support/simprocess.h"
#include "support/testenv.h"
#include "underfaults.h"
#include "warmup.h"
#include "widgetscreenshot.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeWidget>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

struct Fixture
{
    QTemporaryDir dir;
    Settings settings{dir.filePath(u"s.ini"_s)};
    RoutedNetwork network;
    ApiClient client{QUrl(u"http://127.0.0.1:1"_s), &network};
    ViewContext context{&settings};
    QList<QJsonObject> createdBodies;

    Fixture()
    {
        client.setToken(u"t"_s);
        network.on("GET", u"/workspaces"_s, 200, Fixtures::bytes(u"workspaces.json"_s));
        network.on(
            "GET", u"/feature_flags"_s, 200,
            R"({"object":"list","has_more":false,"data":[{"object":"feature_flag","feature_flag":"infiniband-preview",)"
            R"("description":"IB","user_enroll":true,"enrolled":true}]})");
        network.on("GET", u"/instances"_s, 200, Fixtures::bytes(u"instances.json"_s));
        network.on("GET", u"/pools"_s, 200, Fixtures::bytes(u"pools.json"_s));
        network.on("GET", u"/images"_s, 200, Fixtures::bytes(u"images.json"_s));
        network.on("GET", u"/instance_skus"_s, 200, Fixtures::bytes(u"instance_skus.json"_s));
        network.on("GET", u"/infiniband_fabrics"_s, 200, Fixtures::bytes(u"infiniband_fabrics.json"_s));
        network.on("GET", u"/infiniband_partitions"_s, 200, Fixtures::bytes(u"infiniband_partitions.json"_s));
        network.on("POST", u"/instances"_s, [this](const RoutedNetwork::Seen& seen) {
            const QJsonObject body = QJsonDocument::fromJson(seen.body).object();
            createdBodies << body;
            QJsonObject instance = QJsonDocument::fromJson(Fixtures::bytes(u"instance.json"_s)).object();
            instance[u"name"_s] = body.value(u"name"_s);
            instance[u"id"_s] = u"inst_created%1xxxxxxxxxxxx"_s.arg(createdBodies.size());
            return RoutedNetwork::Answer{201, QJsonDocument(instance).toJson()};
        });
    }
};

} // namespace

class TestInstancesView final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        warmUpQt();
        {
            // The app loads the highlighting module and its syntax definitions once, with the first editor.
            const EventLoopWatchdog::Pause pause;
            CloudInitCodeEditor::loadHighlighting();
        }
        m_watchdog.start();
    }

    // The UI thread's longest stall in each test function, and over the run.
    void cleanup()
    {
        QString stall;
        QVERIFY2(m_watchdog.checkFunction(&stall), qPrintable(stall));
    }
    void cleanupTestCase()
    {
        m_watchdog.report();
        UnderFaults::report();
    }

    void wizardCreatesWorkersIntoAPartition()
    {
        Fixture f;
        f.context.setClient(&f.client);
        QTRY_VERIFY(f.context.infinibandEnabled());
        QTemporaryDir dir;
        const QString cloudInit = dir.filePath(u"init.yaml"_s);
        {
            QFile file(cloudInit);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("#cloud-config\nusers: []\n");
        }
        CreateInstanceWizard wizard(&f.context);
        wizard.show();
        auto* sku = wizard.findChild<QComboBox*>(u"skuCombo"_s);
        auto* pool = wizard.findChild<QComboBox*>(u"poolCombo"_s);
        auto* image = wizard.findChild<QComboBox*>(u"imageCombo"_s);
        QTRY_VERIFY(sku->count() == 2 && pool->count() > 0 && image->count() > 0);
        QVERIFY(sku->itemText(0).contains(u"InfiniBand"_s));
        QVERIFY(!sku->itemText(1).contains(u"InfiniBand"_s));
        // Only images that finished uploading.
        QCOMPARE(image->count(), 1);
        sku->setCurrentIndex(0);
        saveWidgetScreenshot(&wizard, u"create-instances-machine"_s);
        wizard.next();
        QCOMPARE(wizard.currentId(), int(CreateInstanceWizard::NamesPage));
        wizard.findChild<QRadioButton*>(u"countRadio"_s)->setChecked(true);
        wizard.findChild<QSpinBox*>(u"countSpin"_s)->setValue(2);
        QCOMPARE(wizard.instanceNames(), (QStringList{u"worker-1"_s, u"worker-2"_s}));
        wizard.findChild<QLineEdit*>(u"cloudInitEdit"_s)->setText(cloudInit);
        saveWidgetScreenshot(&wizard, u"create-instances-names"_s);
        wizard.next();
        QCOMPARE(wizard.currentId(), int(CreateInstanceWizard::PartitionPage));
        auto* partition = wizard.findChild<QComboBox*>(u"partitionCombo"_s);
        // Only partitions on the SKU's fabric, in this workspace: "eval" is research's.
        QTRY_COMPARE(partition->count(), 1);
        QVERIFY(partition->itemText(0).startsWith(u"train"_s));
        // The wizard shows the session's list, which names the workspace by its ID.
        bool listedByWorkspaceId = false;
        for (const auto& s : std::as_const(f.network.seen))
            if (s.path == u"/infiniband_partitions") {
                QCOMPARE(s.query.queryItemValue(u"workspace"_s), u"wksp_k3R-nX9vLm7Qp2Yw5Jd8F"_s);
                listedByWorkspaceId = true;
            }
        QVERIFY(listedByWorkspaceId);
        // Pre-flight: the pool owns no node of the SKU now (its allocation has ended), so both
        // instances would wait; and the image is not an InfiniBand one while a partition is chosen.
        auto* preflight = wizard.findChild<MessageBar*>(u"partitionPreflight"_s);
        wizard.findChild<QRadioButton*>(u"noPartitionRadio"_s)->setChecked(true);
        QVERIFY(wizard.findChild<QLabel*>(u"partitionNoteLabel"_s)->text().contains(u"no InfiniBand"_s));
        QVERIFY(preflight->isVisible());
        QVERIFY2(preflight->text().contains(u"has 0 free node(s)"_s), qPrintable(preflight->text()));
        QVERIFY(!preflight->text().contains(u"ubuntu-22.04.5-cuda-12.7"_s));
        wizard.findChild<QRadioButton*>(u"pickPartitionRadio"_s)->setChecked(true);
        partition->setCurrentIndex(0);
        QVERIFY2(preflight->text().contains(
                     u"Image \"ubuntu-22.04.5-cuda-12.7\" is not one of the InfiniBand images"_s),
                 qPrintable(preflight->text()));
        QCOMPARE(wizard.preflightWarnings().size(), 2);
        saveWidgetScreenshot(&wizard, u"create-instances-partition"_s);
        QSignalSpy finished(&wizard, &CreateInstanceWizard::creationFinished);
        wizard.next();
        QCOMPARE(wizard.currentId(), int(CreateInstanceWizard::ResultPage));
        QTRY_COMPARE(finished.size(), 1);
        QCOMPARE(finished.first().at(0).toInt(), 2);
        QCOMPARE(f.createdBodies.size(), 2);
        QCOMPARE(f.createdBodies.at(0).value(u"name"_s).toString(), u"worker-1"_s);
        QCOMPARE(f.createdBodies.at(1).value(u"name"_s).toString(), u"worker-2"_s);
        QCOMPARE(f.createdBodies.at(0).value(u"infiniband_partition"_s).toString(),
                 u"ibpart_a1B2c3D4e5F6g7H8i9J0k"_s);
        QCOMPARE(QByteArray::fromBase64(
                     f.createdBodies.at(0).value(u"cloud_init_user_data"_s).toString().toLatin1()),
                 QByteArray("#cloud-config\nusers: []\n"));
        QCOMPARE(wizard.findChild<QTreeWidget*>(u"resultTree"_s)->topLevelItemCount(), 2);
        QCOMPARE(wizard.findChild<QProgressBar*>(u"progressBar"_s)->value(), 2);
        QVERIFY(wizard.sfCommand().contains(u"--infiniband-partition train"_s));
        QVERIFY(wizard.sfCommand().contains(u"--name worker-2"_s));
        saveWidgetScreenshot(&wizard, u"create-instances-result"_s);
    }

    // The wizard shows the connection's lists: what is read while it is open shows at once, the
    // choice made stays chosen, and the workspace's own images (named by ID) come first.
    void wizardFollowsTheSessionsLists()
    {
        Fixture f;
        f.context.setClient(&f.client);
        CreateInstanceWizard wizard(&f.context);
        wizard.show();
        auto* pool = wizard.findChild<QComboBox*>(u"poolCombo"_s);
        auto* image = wizard.findChild<QComboBox*>(u"imageCombo"_s);
        QTRY_COMPARE(pool->count(), 2);
        QTRY_COMPARE(image->count(), 1);
        pool->setCurrentIndex(pool->findText(u"batch"_s));
        QCOMPARE(pool->currentText(), u"batch"_s);

        QJsonObject pools = QJsonDocument::fromJson(Fixtures::bytes(u"pools.json"_s)).object();
        QJsonArray rows = pools.value(u"data"_s).toArray();
        QJsonObject added = rows.first().toObject();
        added[u"id"_s] = u"pool_Added1Added2Added3Added"_s;
        added[u"name"_s] = u"added"_s;
        rows.prepend(added);
        pools[u"data"_s] = rows;
        f.network.on("GET", u"/pools"_s, 200, QJsonDocument(pools).toJson());
        QJsonObject images = QJsonDocument::fromJson(Fixtures::bytes(u"images.json"_s)).object();
        QJsonArray imageRows = images.value(u"data"_s).toArray();
        for (qsizetype i = 0; i < imageRows.size(); ++i) {
            QJsonObject row = imageRows.at(i).toObject();
            row[u"upload_status"_s] = u"completed"_s;
            imageRows[i] = row;
        }
        images[u"data"_s] = imageRows;
        f.network.on("GET", u"/images"_s, 200, QJsonDocument(images).toJson());
        // A refresh anywhere in the app (here the session's own) reaches the open wizard.
        QSignalSpy changed(pool, &QComboBox::currentIndexChanged);
        f.context.session()->refreshAll();
        QTRY_COMPARE(pool->count(), 3);
        QVERIFY(pool->findText(u"added"_s) >= 0);
        QCOMPARE(pool->currentText(), u"batch"_s);
        QCOMPARE(pool->currentData().toString(), u"pool_Qw3Er4Ty5Ui6Op7As8Df9"_s);
        QTRY_COMPARE(image->count(), 2);
        QCOMPARE(image->itemText(0), u"custom"_s);
        QCOMPARE(image->itemText(1), u"ubuntu-22.04.5-cuda-12.7"_s);
        QVERIFY(changed.size() <= 1);

        // A list that fails says why on the first page, and clears once read again. The read is
        // retried first; with the default backoff the retries alone take up to 5.25 s.
        ClientOptions options = f.client.options();
        options.retryBaseDelay = std::chrono::milliseconds(10);
        f.client.setOptions(options);
        f.network.on("GET", u"/pools"_s, 500,
                     R"({"error":{"type":"api_error","message":"Pools are away."}})");
        auto* problem = wizard.findChild<QLabel*>(u"machineErrorLabel"_s);
        f.context.session()->refresh(Session::Resource::Pools);
        QTRY_VERIFY(problem->isVisible());
        QVERIFY2(problem->text().contains(u"Pools are away."_s), qPrintable(problem->text()));
        QCOMPARE(pool->currentText(), u"batch"_s);
        f.network.on("GET", u"/pools"_s, 200, QJsonDocument(pools).toJson());
        f.context.session()->refresh(Session::Resource::Pools);
        QTRY_VERIFY(!problem->isVisible());
        QCOMPARE(pool->currentText(), u"batch"_s);
    }

    // A workspace without pools: the wizard says so on its first page, instead of an empty field.
    // Next without a pool says what is missing; once the pool list brings one the note goes and Next
    // goes on.
    void wizardSaysWhatIsMissingUntilTheListsBringIt()
    {
        Fixture f;
        f.network.on("GET", u"/pools"_s, 200, R"({"object":"list","data":[],"has_more":false})");
        f.context.setClient(&f.client);
        CreateInstanceWizard wizard(&f.context);
        wizard.show();
        auto* pool = wizard.findChild<QComboBox*>(u"poolCombo"_s);
        auto* problem = wizard.findChild<QLabel*>(u"machineErrorLabel"_s);
        QTRY_VERIFY(problem->isVisible());
        QVERIFY2(problem->text().contains(u"no pools"_s), qPrintable(problem->text()));
        QCOMPARE(pool->count(), 0);
        QTRY_COMPARE(wizard.findChild<QComboBox*>(u"skuCombo"_s)->count(), 2);
        wizard.next();
        QCOMPARE(wizard.currentId(), int(CreateInstanceWizard::MachinePage));
        QVERIFY2(problem->text().contains(u"Choose a pool, a SKU and an image."_s),
                 qPrintable(problem->text()));
        // Another poll of a list the wizard shows keeps the note.
        QSignalSpy shown(&wizard, &CreateInstanceWizard::loaded);
        f.context.session()->refresh(Session::Resource::Skus);
        QTRY_VERIFY(!shown.isEmpty());
        QVERIFY2(problem->text().contains(u"Choose a pool"_s), qPrintable(problem->text()));

        f.network.on("GET", u"/pools"_s, 200, Fixtures::bytes(u"pools.json"_s));
        f.context.session()->refresh(Session::Resource::Pools);
        QTRY_COMPARE(pool->count(), 2);
        QVERIFY(!problem->isVisible());
        wizard.next();
        QCOMPARE(wizard.currentId(), int(CreateInstanceWizard::NamesPage));
    }

    void nonInfinibandSkuSkipsThePartitionStep()
    {
        Fixture f;
        f.context.setClient(&f.client);
        QTRY_VERIFY(f.context.infinibandEnabled());
        CreateInstanceWizard wizard(&f.context);
        wizard.show();
        auto* sku = wizard.findChild<QComboBox*>(u"skuCombo"_s);
        QTRY_COMPARE(sku->count(), 2);
        QTRY_VERIFY(wizard.findChild<QComboBox*>(u"imageCombo"_s)->count() > 0);
        QTRY_VERIFY(wizard.findChild<QComboBox*>(u"poolCombo"_s)->count() > 0);
        sku->setCurrentIndex(1);
        wizard.next();
        wizard.findChild<QLineEdit*>(u"nameEdit"_s)->setText(u"solo"_s);
        QCOMPARE(wizard.nextId(), int(CreateInstanceWizard::ResultPage));
        wizard.next();
        QTRY_COMPARE(f.createdBodies.size(), 1);
        QVERIFY(!f.createdBodies.first().contains(u"infiniband_partition"_s));
    }

    // The wizard and the view against the real sfsim; tst_instancesview_faults runs it with sfsim
    // failing a third of its answers. Creating is not idempotent: a create whose answer is lost says
    // so, and the user looks in the list before creating again, so there is one instance in the end.
    void createAndTerminateOnTheSimulator()
    {
        SimProcess sim;
        QVERIFY2(sim.start({u"--control"_s}), qPrintable(sim.errorOutput()));
        SimClient api(sim.baseUrl());
        api.setToken(sim.token(u"acme-owner"_s));
        api.setFaultsOffFor(&sim);
        const QString pool =
            api.post(u"/preview/v2/pools"_s,
                     {{u"workspace"_s, u"sfc:workspace:acme:default"_s}, {u"name"_s, u"workers"_s}})
                .id();
        QVERIFY(!pool.isEmpty());
        const int t = UnderFaults::timeout(10000);

        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        QNetworkAccessManager network;
        ApiClient client(sim.baseUrl(), &network);
        client.setToken(sim.token(u"acme-owner"_s));
        UnderFaults::shortenTransferTimeout(client);
        ViewContext context(&settings);
        QStringList reported;
        connect(&context, &ViewContext::statusMessage, this,
                [&reported](const QString& message) { reported << message; });
        InstancesView view(&context);
        view.resize(1100, 700);
        view.show();
        context.setClient(&client);
        const auto named = [&view](const QString& name) {
            for (const Instance& instance : view.model()->rows())
                if (instance.name == name)
                    return instance.id;
            return QString();
        };

        // Create "solo" with the wizard; when it fails, the failure is on the result page.
        int failures = 0;
        for (int attempt = 0; attempt < 8 && named(u"solo"_s).isEmpty(); ++attempt) {
            CreateInstanceWizard wizard(&context);
            wizard.show();
            auto* sku = wizard.findChild<QComboBox*>(u"skuCombo"_s);
            auto* poolCombo = wizard.findChild<QComboBox*>(u"poolCombo"_s);
            auto* image = wizard.findChild<QComboBox*>(u"imageCombo"_s);
            auto* loadError = wizard.findChild<QLabel*>(u"machineErrorLabel"_s);
            // A list that did not load says why; the user closes the wizard and opens it again.
            QVERIFY(QTest::qWaitFor(
                [&] {
                    return (sku->count() > 0 && poolCombo->findData(pool) >= 0 && image->count() > 0)
                           || loadError->isVisible();
                },
                t));
            if (loadError->isVisible()) {
                QVERIFY(UnderFaults::active());
                QVERIFY(!loadError->text().isEmpty());
                ++failures;
                continue;
            }
            for (int i = 0; i < sku->count(); ++i)
                if (!sku->itemText(i).contains(u"InfiniBand"_s))
                    sku->setCurrentIndex(i);
            poolCombo->setCurrentIndex(poolCombo->findData(pool));
            wizard.next();
            QCOMPARE(wizard.currentId(), int(CreateInstanceWizard::NamesPage));
            wizard.findChild<QLineEdit*>(u"nameEdit"_s)->setText(u"solo"_s);
            QSignalSpy finished(&wizard, &CreateInstanceWizard::creationFinished);
            wizard.next();
            QCOMPARE(wizard.currentId(), int(CreateInstanceWizard::ResultPage));
            QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, t);
            if (finished.first().at(0).toInt() == 1)
                break;
            QVERIFY(UnderFaults::active());
            const QString result = wizard.findChild<QTreeWidget*>(u"resultTree"_s)->topLevelItem(0)->text(1);
            QVERIFY2(result.startsWith(u"Failed: "_s), qPrintable(result));
            ++failures;
            // Lost or refused? The list tells.
            if (result.contains(u"may exist"_s)) {
                view.refresh();
                [[maybe_unused]] const bool found =
                    QTest::qWaitFor([&] { return !named(u"solo"_s).isEmpty(); }, t);
            }
        }
        UnderFaults::shownFailures += failures;
        QTRY_VERIFY_WITH_TIMEOUT(!named(u"solo"_s).isEmpty(), t);
        const QString id = named(u"solo"_s);
        {
            const SimReply list = api.get(u"/preview/v2/instances?workspace=sfc:workspace:acme:default"_s);
            QCOMPARE(list.status, 200);
            int solos = 0;
            for (const auto& instance : constValue(list.data()))
                solos += instance.toObject().value(u"name"_s).toString() == u"solo";
            QCOMPARE(solos, 1);
        }

        // Terminate it from the view; a failure is reported, and Terminate stays for another try.
        view.selectInstance(id);
        auto* terminate = view.findChild<QPushButton*>(u"instancesTerminateButton"_s);
        QTRY_VERIFY_WITH_TIMEOUT(terminate->isEnabled(), t);
        QSignalSpy done(&view, &InstancesView::actionFinished);
        const auto terminated = [&] {
            const int row = view.model()->rowOf(id);
            return row >= 0 && view.model()->at(row).status == Instance::Status::Terminated;
        };
        QVERIFY(UnderFaults::retry(
            [&] {
                reported.clear();
                done.clear();
                if (terminated())
                    return;
                view.selectInstance(id);
                terminate->click();
                answerConfirmation(&view, true);
                if (!done.wait(t))
                    return;
                view.refresh();
            },
            terminated,
            [&] {
                return std::any_of(reported.cbegin(), reported.cend(),
                                   [](const QString& m) { return m.contains(u"failed"_s); });
            },
            t));
        QCOMPARE(api.get(u"/preview/v2/instances/"_s + id).json.value(u"status"_s).toString(),
                 u"terminated"_s);
    }

    // Creating is not idempotent (no Idempotency-Key on POST /instances): an answer cut off on the
    // way, a server or proxy failure (5xx), a timeout or a cancel may follow a creation, and the result
    // says to look before creating again; a refusal, or a server never reached, does not.
    void lostAnswerOfACreateSaysTheInstanceMayExist_data()
    {
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QNetworkReply::NetworkError>("networkError");
        QTest::addColumn<bool>("cancel");
        QTest::addColumn<bool>("mayExist");
        const auto none = QNetworkReply::NoError;
        QTest::newRow("body cut off")
            << 201 << QByteArray("{\"object\":\"instance\",\"id\":\"inst_") << none << false << true;
        const QByteArray gateway = "<html><body>502 Bad Gateway</body></html>";
        QTest::newRow("proxy 502") << 502 << gateway << none << false << true;
        QTest::newRow("proxy 504") << 504 << QByteArray("<html>Gateway Timeout</html>") << none << false
                                   << true;
        QTest::newRow("server 500") << 500
                                    << QByteArray(R"({"error":{"type":"internal_error","message":"Oops."}})")
                                    << none << false << true;
        QTest::newRow("timeout") << 0 << QByteArray() << QNetworkReply::TimeoutError << false << true;
        QTest::newRow("connection reset")
            << 0 << QByteArray() << QNetworkReply::RemoteHostClosedError << false << true;
        QTest::newRow("cancelled by the user") << 0 << QByteArray() << none << true << true;
        QTest::newRow("refused")
            << 422 << QByteArray(R"({"error":{"type":"unprocessable_entity","message":"No capacity."}})")
            << none << false << false;
        QTest::newRow("never reached")
            << 0 << QByteArray() << QNetworkReply::ConnectionRefusedError << false << false;
    }

    void lostAnswerOfACreateSaysTheInstanceMayExist()
    {
        QFETCH(int, status);
        QFETCH(QByteArray, body);
        QFETCH(QNetworkReply::NetworkError, networkError);
        QFETCH(bool, cancel);
        QFETCH(bool, mayExist);
        Fixture f;
        f.network.on("POST", u"/instances"_s, [=](const RoutedNetwork::Seen&) {
            RoutedNetwork::Answer answer{status, body};
            answer.error = networkError;
            // Cancelled as the activity panel's Cancel does, while the request is out.
            answer.hang = cancel;
            return answer;
        });
        if (cancel) {
            connect(&f.client, &ApiClient::callStarted, this, [](ApiCall* call) {
                if (call->description().contains(u"POST"_s))
                    QTimer::singleShot(0, call, &ApiCall::cancel);
            });
        }
        f.context.setClient(&f.client);
        CreateInstanceWizard wizard(&f.context);
        wizard.show();
        auto* sku = wizard.findChild<QComboBox*>(u"skuCombo"_s);
        QTRY_COMPARE(sku->count(), 2);
        QTRY_VERIFY(wizard.findChild<QComboBox*>(u"imageCombo"_s)->count() > 0);
        QTRY_VERIFY(wizard.findChild<QComboBox*>(u"poolCombo"_s)->count() > 0);
        sku->setCurrentIndex(1);
        wizard.next();
        wizard.findChild<QLineEdit*>(u"nameEdit"_s)->setText(u"solo"_s);
        QSignalSpy finished(&wizard, &CreateInstanceWizard::creationFinished);
        wizard.next();
        QTRY_COMPARE(finished.size(), 1);
        QCOMPARE(finished.first().at(1).toInt(), 1);
        const QString result = wizard.findChild<QTreeWidget*>(u"resultTree"_s)->topLevelItem(0)->text(1);
        QVERIFY2(result.startsWith(u"Failed: "_s), qPrintable(result));
        QCOMPARE(result.contains(u"may exist all the same"_s), mayExist);
        QCOMPARE(f.network.count("POST", u"/instances"_s), 1);
    }

    // The empty table says why it is empty: no connection, an error, or simply no instances.
    void placeholderFollowsTheConnection()
    {
        Fixture f;
        f.network.on("GET", u"/instances"_s, 200, R"({"object":"list","data":[],"has_more":false})");
        InstancesView view(&f.context);
        view.resize(1000, 600);
        view.show();
        auto* placeholder = view.findChild<QLabel*>(u"instancesPlaceholder"_s);
        QVERIFY(placeholder);
        QTRY_VERIFY(placeholder->isVisible());
        QCOMPARE(placeholder->text(), u"Not connected."_s);
        QVERIFY(!view.findChild<QPushButton*>(u"instancesCreateButton"_s)->isEnabled());

        QSignalSpy refreshed(&view, &InstancesView::refreshed);
        f.context.setClient(&f.client);
        QTRY_VERIFY(refreshed.size() >= 1);
        QCOMPARE(view.model()->rowCount(), 0);
        QVERIFY2(placeholder->text().startsWith(u"No instances here."_s), qPrintable(placeholder->text()));
        QVERIFY(placeholder->text().contains(u"Create"_s));
        QVERIFY(view.findChild<QPushButton*>(u"instancesCreateButton"_s)->isEnabled());
        saveWidgetScreenshot(&view, u"instances-empty"_s);

        f.network.on("GET", u"/instances"_s, 403,
                     R"({"error":{"type":"forbidden","message":"The database is away."}})");
        const qsizetype before = refreshed.size();
        view.refresh();
        QTRY_VERIFY(refreshed.size() > before);
        QVERIFY2(placeholder->text().contains(u"The database is away."_s), qPrintable(placeholder->text()));
    }

    // Issue 6 item 4 / issue 8 item 5: the user data can come from the Cloud-init editor, checked
    // by its validator before it is used.
    void wizardTakesUserDataFromTheEditor()
    {
        Fixture f;
        QTemporaryDir recovery;
        // The app builds the editor page once, at start-up (src/app/main.cpp): part of the cold
        // start, not of using the wizard.
        std::optional<EventLoopWatchdog::Pause> startUp(std::in_place);
        CloudInitPage page(nullptr, recovery.path(), recovery.path());
        startUp.reset();
        page.replaceText(u"#cloud-config\npackage_update: maybe\n"_s);
        f.context.setCloudInitSource([&page] {
            return ViewContext::CloudInitDraft{u"Untitled"_s, QString(), page.userData().toUtf8()};
        });
        f.context.setClient(&f.client);
        QTRY_VERIFY(f.context.infinibandEnabled());
        CreateInstanceWizard wizard(&f.context);
        wizard.show();
        auto* sku = wizard.findChild<QComboBox*>(u"skuCombo"_s);
        QTRY_VERIFY(sku->count() == 2);
        QTRY_VERIFY(wizard.findChild<QComboBox*>(u"imageCombo"_s)->count() > 0);
        QTRY_VERIFY(wizard.findChild<QComboBox*>(u"poolCombo"_s)->count() > 0);
        sku->setCurrentIndex(1);
        wizard.next();
        QCOMPARE(wizard.currentId(), int(CreateInstanceWizard::NamesPage));
        wizard.findChild<QLineEdit*>(u"nameEdit"_s)->setText(u"solo"_s);
        auto* source = wizard.findChild<QComboBox*>(u"cloudInitSourceCombo"_s);
        auto* note = wizard.findChild<QLabel*>(u"cloudInitNoteLabel"_s);
        QVERIFY(source && note);
        QCOMPARE(source->count(), 3);
        QCOMPARE(wizard.userDataSource(), CreateInstanceWizard::UserDataSource::None);
        source->setCurrentIndex(
            source->findData(QVariant::fromValue(CreateInstanceWizard::UserDataSource::Editor)));
        QVERIFY(!wizard.findChild<QLineEdit*>(u"cloudInitEdit"_s)->isVisible());
        // The check runs off the UI thread (the note says "Checking" until the verdict is in).
        QTRY_VERIFY(!wizard.isCheckingUserData());

        // Invalid: said so, with the line, and the wizard does not go on.
        QVERIFY2(note->text().contains(u"Not valid"_s), qPrintable(note->text()));
        QVERIFY2(note->text().contains(u"Line 2"_s), qPrintable(note->text()));
        QVERIFY(!wizard.userData().has_value());
        saveWidgetScreenshot(&wizard, u"create-instances-editor-invalid"_s);
        wizard.next();
        QCOMPARE(wizard.currentId(), int(CreateInstanceWizard::NamesPage));
        QCOMPARE(f.createdBodies.size(), 0);

        // Fixed in the editor: the wizard checks the new text.
        page.replaceText(u"#cloud-config\npackage_update: false\n"_s);
        wizard.reloadEditorUserData();
        QTRY_VERIFY(!wizard.isCheckingUserData());
        QVERIFY2(note->text().contains(u"Valid"_s) && !note->text().contains(u"Not valid"_s),
                 qPrintable(note->text()));
        saveWidgetScreenshot(&wizard, u"create-instances-editor-valid"_s);
        // The text is not saved: no command names a file that does not exist.
        QVERIFY(wizard.sfCommand().isEmpty());

        // Edited again and Next at once: the wizard goes on once the new text is checked (by itself
        // when the check is still running).
        const QString fixed = u"#cloud-config\npackage_update: true\n"_s;
        page.replaceText(fixed);
        wizard.next();
        QTRY_COMPARE(f.createdBodies.size(), 1);
        QCOMPARE(wizard.currentId(), int(CreateInstanceWizard::ResultPage));
        QCOMPARE(QByteArray::fromBase64(
                     f.createdBodies.first().value(u"cloud_init_user_data"_s).toString().toLatin1()),
                 fixed.toUtf8());

        // The command needs the text in a file: the button saves it first, then copies the command.
        auto* command = wizard.findChild<QLineEdit*>(u"commandEdit"_s);
        auto* copy = wizard.findChild<QPushButton*>(u"copyCommandButton"_s);
        QVERIFY(command->text().isEmpty());
        QVERIFY2(copy->text().contains(u"Save User Data"_s), qPrintable(copy->text()));
        saveWidgetScreenshot(&wizard, u"create-instances-editor-unsaved-command"_s);
        copy->click();
        auto* dialog = wizard.findChild<QFileDialog*>(u"wizardUserDataSaveDialog"_s);
        QVERIFY(dialog);
        QTemporaryDir dir;
        const QString path = dir.filePath(u"solo.yaml"_s);
        dialog->selectFile(path);
        // QFileDialog::accept() is protected; QDialog's is the same virtual.
        static_cast<QDialog*>(dialog)->accept();
        QFile saved(path);
        QVERIFY(saved.open(QIODevice::ReadOnly));
        QCOMPARE(saved.readAll(), fixed.toUtf8());
        QVERIFY2(command->text().contains(u"--cloud-init "_s + QFileInfo(path).absoluteFilePath()),
                 qPrintable(command->text()));
        QCOMPARE(QApplication::clipboard()->text(), command->text());
        QVERIFY2(!copy->text().contains(u"Save User Data"_s), qPrintable(copy->text()));
        // Once the file no longer holds what was sent, the command names it no more.
        saved.close();
        QVERIFY(QFile::remove(path));
        QVERIFY(wizard.sfCommand().isEmpty());
    }

    // A saved editor file is named as long as it holds the text sent; a large document is checked
    // without stalling the UI (the watchdog checks every test function).
    void wizardNamesTheEditorsSavedFile()
    {
        Fixture f;
        QTemporaryDir dir;
        const QString path = dir.filePath(u"bootstrap.yaml"_s);
        QByteArray large = "#cloud-config\nwrite_files:\n";
        // Near the most user data can be: 48 KiB, which is 64 KiB in base64 as it is sent.
        for (int i = 0; large.size() < 47 * 1024; ++i)
            large += "  - path: /etc/sfdesk/file-" + QByteArray::number(i) + "\n    content: hello\n";
        {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(large);
        }
        f.context.setCloudInitSource(
            [&path, &large] { return ViewContext::CloudInitDraft{u"bootstrap.yaml"_s, path, large}; });
        f.context.setClient(&f.client);
        CreateInstanceWizard wizard(&f.context);
        wizard.setUserDataSource(CreateInstanceWizard::UserDataSource::Editor);
        QTRY_VERIFY_WITH_TIMEOUT(!wizard.isCheckingUserData(), 20000);
        QVERIFY(wizard.userData().has_value());
        QVERIFY2(wizard.sfCommand().contains(u"--cloud-init "_s + QFileInfo(path).absoluteFilePath()),
                 qPrintable(wizard.sfCommand()));
        {
            QFile file(path);
            QVERIFY(file.open(QIODevice::Append));
            file.write("# edited elsewhere\n");
        }
        QVERIFY(wizard.sfCommand().isEmpty());
    }

    // A Jinja template is checked rendered with the editor's instance data, and again when it changes.
    void wizardRendersJinjaWithTheEditorsInstanceData()
    {
        Fixture f;
        QJsonObject data;
        const QByteArray text = "## template: jinja\n#cloud-config\n{% if v1.cloud_name == 'sfcompute' %}\n"
                                "package_update: maybe\n{% endif %}\nhostname: node\n";
        f.context.setCloudInitSource([&data, &text] {
            ViewContext::CloudInitDraft draft{u"template.yaml"_s, QString(), text};
            draft.instanceData = data;
            return draft;
        });
        f.context.setClient(&f.client);
        CreateInstanceWizard wizard(&f.context);
        wizard.setUserDataSource(CreateInstanceWizard::UserDataSource::Editor);
        QTRY_VERIFY(!wizard.isCheckingUserData());
        // The sample instance data names another cloud: the branch is not rendered.
        QVERIFY(wizard.userData().has_value());
        data = QJsonObject{{u"v1"_s, QJsonObject{{u"cloud_name"_s, u"sfcompute"_s}}}};
        // Same text, other instance data: checked again.
        wizard.reloadEditorUserData();
        QTRY_VERIFY(!wizard.isCheckingUserData());
        QString problem;
        QVERIFY(!wizard.userData(&problem).has_value());
        QVERIFY2(problem.startsWith(u"Line 4:"_s), qPrintable(problem));
    }

    void wizardWithoutTheEditorOffersFilesOnly()
    {
        Fixture f;
        f.context.setClient(&f.client);
        CreateInstanceWizard wizard(&f.context);
        auto* source = wizard.findChild<QComboBox*>(u"cloudInitSourceCombo"_s);
        QCOMPARE(source->count(), 2);
        QVERIFY(source->findData(QVariant::fromValue(CreateInstanceWizard::UserDataSource::Editor)) < 0);
        // Naming a file chooses the file.
        wizard.findChild<QLineEdit*>(u"cloudInitEdit"_s)->setText(u"/nonexistent/init.yaml"_s);
        QCOMPARE(wizard.userDataSource(), CreateInstanceWizard::UserDataSource::File);
        QString problem;
        QVERIFY(!wizard.userData(&problem).has_value());
        QCOMPARE(problem, u"No such file."_s);
    }

    // Public images boot in every workspace: a workspace's list shows them beside its own.
    void imagesOfAWorkspaceIncludeThePublicOnes()
    {
        Fixture f;
        ImagesView view(&f.context);
        view.show(); // a page reads its list while it is on screen
        QSignalSpy refreshed(&view, &ImagesView::refreshed);
        f.context.setClient(&f.client);
        QTRY_VERIFY(refreshed.size() >= 1);
        QTRY_COMPARE(view.findChild<QTableView*>(u"imagesTable"_s)->model()->rowCount(), 2);
        f.context.setWorkspace(u"production"_s);
        QTRY_COMPARE(view.findChild<QTableView*>(u"imagesTable"_s)->model()->rowCount(), 1);
        QCOMPARE(view.findChild<QTableView*>(u"imagesTable"_s)->model()->index(0, 0).data().toString(),
                 u"ubuntu-22.04.5-cuda-12.7"_s);
    }

    void terminateAsksAndSends()
    {
        Fixture f;
        f.network.on("POST", u"/instances/inst_k3R-nX9vLm7Qp2Yw5J001/terminate"_s, 200,
                     Fixtures::bytes(u"instance.json"_s));
        InstancesView view(&f.context);
        view.resize(1100, 700);
        view.show();
        QAbstractItemModelTester tester(view.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        f.context.setClient(&f.client);
        QTRY_COMPARE(view.model()->rowCount(), 4);
        saveWidgetScreenshot(&view, u"instances"_s);
        const int row = view.model()->rowOf(u"inst_k3R-nX9vLm7Qp2Yw5J001"_s);
        QVERIFY(row >= 0);
        view.selectInstance(u"inst_k3R-nX9vLm7Qp2Yw5J001"_s);
        auto* terminate = view.findChild<QPushButton*>(u"instancesTerminateButton"_s);
        if (!terminate->isEnabled())
            QSKIP("fixture instance is already terminated");
        QSignalSpy done(&view, &InstancesView::actionFinished);
        terminate->click();
        QVERIFY(answerConfirmation(&view, true).contains(view.model()->at(row).name));
        QTRY_COMPARE(done.size(), 1);
        QCOMPARE(f.network.count("POST", u"/instances/inst_k3R-nX9vLm7Qp2Yw5J001/terminate"_s), 1);
    }

    // Five selected, one refused: one confirmation naming all five, one result naming the failure.
    void bulkTerminateOfFiveWithOneFailing()
    {
        Fixture f;
        const QJsonObject base = QJsonDocument::fromJson(Fixtures::bytes(u"instance.json"_s)).object();
        QJsonArray data;
        for (int i = 1; i <= 5; ++i) {
            QJsonObject instance = base;
            const QString id = u"inst_bulk%1AAAAAAAAAAAAAAAA"_s.arg(i);
            instance[u"id"_s] = id;
            instance[u"name"_s] = u"bulk-%1"_s.arg(i);
            instance[u"status"_s] = u"running"_s;
            data.append(instance);
            if (i == 3)
                f.network.on("POST", u"/instances/%1/terminate"_s.arg(id), 409,
                             R"({"error":{"type":"conflict","message":"Instance is being migrated."}})");
            else
                f.network.on("POST", u"/instances/%1/terminate"_s.arg(id), 200,
                             QJsonDocument(instance).toJson());
        }
        f.network.on(
            "GET", u"/instances"_s, 200,
            QJsonDocument(QJsonObject{{u"object"_s, u"list"_s}, {u"data"_s, data}, {u"has_more"_s, false}})
                .toJson());
        InstancesView view(&f.context);
        view.resize(1100, 700);
        view.show();
        f.context.setClient(&f.client);
        QTRY_COMPARE(view.model()->rowCount(), 5);
        view.table()->table()->selectAll();
        QSignalSpy done(&view, &InstancesView::actionFinished);
        view.findChild<QPushButton*>(u"instancesTerminateButton"_s)->click();
        const QString question = answerConfirmation(&view, true);
        for (int i = 1; i <= 5; ++i)
            QVERIFY(question.contains(u"bulk-%1"_s.arg(i)));
        QTRY_COMPARE(done.size(), 1);
        for (int i = 1; i <= 5; ++i)
            QCOMPARE(f.network.count("POST", u"/instances/inst_bulk%1AAAAAAAAAAAAAAAA/terminate"_s.arg(i)),
                     1);
        QVERIFY2(view.lastResult().startsWith(u"Terminated 4 of 5 instances."_s),
                 qPrintable(view.lastResult()));
        QVERIFY(view.lastResult().contains(u"bulk-3 ("_s));
        QVERIFY(view.lastResult().contains(u"migrated"_s));
        QVERIFY(!view.lastResult().contains(u"bulk-2 ("_s));
    }

    void consoleLogSearches()
    {
        Fixture f;
        const QByteArray logs =
            QJsonDocument(
                QJsonObject{
                    {u"object"_s, u"list"_s},
                    {u"data"_s,
                     QJsonArray{
                         QJsonObject{{u"seqnum"_s, 1},
                                     {u"timestamp_realtime"_s, 1},
                                     {u"data"_s, QString::fromLatin1(QByteArray("Booting\n").toBase64())}},
                         QJsonObject{
                             {u"seqnum"_s, 2},
                             {u"timestamp_realtime"_s, 2},
                             {u"data"_s, QString::fromLatin1(QByteArray("cloud-init ok\n").toBase64())}},
                         QJsonObject{
                             {u"seqnum"_s, 3},
                             {u"timestamp_realtime"_s, 3},
                             {u"data"_s, QString::fromLatin1(QByteArray("cloud-init done\n").toBase64())}}}}})
                .toJson();
        f.network.on("GET", u"/instances/inst_1/logs"_s, 200, logs);
        f.context.setClient(&f.client);
        ConsoleLogDialog dialog(&f.context, u"inst_1"_s, u"worker-1"_s);
        dialog.show();
        auto* text = dialog.findChild<QPlainTextEdit*>(u"logText"_s);
        QTRY_COMPARE(text->toPlainText(), u"Booting\ncloud-init ok\ncloud-init done"_s);
        dialog.findChild<QLineEdit*>(u"searchEdit"_s)->setText(u"CLOUD-INIT"_s);
        QCOMPARE(dialog.matchCount(), 2);
        QCOMPARE(text->textCursor().selectedText(), u"cloud-init"_s);
        saveWidgetScreenshot(&dialog, u"console-log"_s);
    }

    void poolDeleteShowsTheServerReasons()
    {
        Fixture f;
        f.network.on(
            "DELETE", u"/pools/pool_k3R-nX9vLm7Qp2Yw5Jd8F"_s, 422,
            R"({"error":{"type":"unprocessable_entity","message":"Pool cannot be deleted.","details":[)"
            R"({"code":"active_orders","field":null,"message":"The pool has 1 active order."},)"
            R"({"code":"active_nodes","field":null,"message":"The pool has 2 running instances."}]}})");
        PoolsView view(&f.context);
        view.resize(1000, 600);
        view.show();
        QAbstractItemModelTester tester(view.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        f.context.setClient(&f.client);
        QTRY_VERIFY(view.model()->rowCount() > 0);
        const QString id = view.model()->at(0).id;
        f.network.on(
            "DELETE", u"/pools/"_s + id, 422,
            R"({"error":{"type":"unprocessable_entity","message":"Pool cannot be deleted.","details":[)"
            R"({"code":"active_orders","field":null,"message":"The pool has 1 active order."},)"
            R"({"code":"active_nodes","field":null,"message":"The pool has 2 running instances."}]}})");
        view.selectPool(id);
        QSignalSpy done(&view, &PoolsView::actionFinished);
        view.findChild<QPushButton*>(u"poolsDeleteButton"_s)->click();
        QVERIFY(!answerConfirmation(&view, true).isEmpty());
        QTRY_COMPARE(done.size(), 1);
        auto* error = view.findChild<QLabel*>(u"poolsErrorLabel"_s);
        QVERIFY(error->isVisible());
        QVERIFY(error->text().contains(u"1 active order"_s));
        QVERIFY(error->text().contains(u"2 running instances"_s));
        // Each reason once, as a list item.
        QCOMPARE(error->text().count(u"1 active order"_s), 1);
        saveWidgetScreenshot(&view, u"pools-delete-refused"_s);
    }

    // Two pools selected: one confirmation naming both, one result with the refusal and its reason.
    void poolsDeletedTogetherReportEach()
    {
        Fixture f;
        f.network.on("DELETE", u"/pools/pool_nuO4nVSM8O3NnsRE7udBe"_s, 422,
                     R"({"error":{"type":"unprocessable_entity","message":"Pool cannot be deleted."}})");
        f.network.on("DELETE", u"/pools/pool_Qw3Er4Ty5Ui6Op7As8Df9"_s, 204, {});
        PoolsView view(&f.context);
        view.resize(1000, 600);
        view.show();
        f.context.setClient(&f.client);
        QTRY_COMPARE(view.model()->rowCount(), 2);
        view.selectPool(u"pool_nuO4nVSM8O3NnsRE7udBe"_s);
        view.table()->table()->selectAll();
        QSignalSpy done(&view, &PoolsView::actionFinished);
        view.findChild<QPushButton*>(u"poolsDeleteButton"_s)->click();
        const QString question = answerConfirmation(&view, true);
        QVERIFY(question.contains(u"dev"_s));
        QVERIFY(question.contains(u"batch"_s));
        QTRY_COMPARE(done.size(), 1);
        QCOMPARE(f.network.count("DELETE", u"/pools/pool_nuO4nVSM8O3NnsRE7udBe"_s), 1);
        QCOMPARE(f.network.count("DELETE", u"/pools/pool_Qw3Er4Ty5Ui6Op7As8Df9"_s), 1);
        auto* error = view.findChild<QLabel*>(u"poolsErrorLabel"_s);
        QVERIFY(error->isVisible());
        QVERIFY2(error->text().startsWith(u"Deleted 1 of 2 pools."_s), qPrintable(error->text()));
        QVERIFY(error->text().contains(u"dev ("_s));
        QVERIFY(error->text().contains(u"Pool cannot be deleted."_s));
        QVERIFY(!error->text().contains(u"batch ("_s));
    }

private:
    EventLoopWatchdog m_watchdog;
};

QTEST_MAIN(TestInstancesView)
#include "tst_instancesview.moc"
