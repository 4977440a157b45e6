// SPDX-License-Identifier: Apache-2.0

// The InfiniBand flow of the guide, driven through the views against the real sfsim.
#include "core/api/apiclient.h"

#include "common/constvalue.h"
#include "confirmations.h"
#include "core/models/instancemodel.h"
#include "core/models/partitionmodel.h"
#include "core/settings/settings.h"
#include "gui/common/viewcontext.h"
#include "gui/partitions/createpartitiondialog.h"
#include "gui/partitions/deleteblockersdialog.h"
#include "gui/partitions/partitionsview.h"
#include "support/apiwait.h"
#include "support/eventloopwatchdog.h"
#include "support/simprocess.h"
#include "support/testenv.h"
#include "underfaults.h"
#include "warmup.h"
#include "widgetscreenshot.h"

#include <QDialogButtonBox>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPointer>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace Qt::StringLiterals;
using namespace sfdesk;

class TestPartitionsFlow final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        QVERIFY2(m_sim.start({u"--control"_s, u"--ib-release-seconds"_s, u"60"_s}),
                 qPrintable(m_sim.errorOutput()));
        warmUpQt();
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

    void enrolCreateAttachBlockTerminateReleaseDelete()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        QNetworkAccessManager network;
        ApiClient client(m_sim.baseUrl(), &network);
        client.setToken(m_sim.token(u"acme-owner"_s));
        UnderFaults::shortenTransferTimeout(client);
        ViewContext context(&settings);
        PartitionsView view(&context);
        view.resize(1100, 760);
        view.show();
        context.setClient(&client);

        // Failures the app reports to the window's message bar (ViewContext::statusMessage).
        QStringList reported;
        connect(&context, &ViewContext::statusMessage, this,
                [&reported](const QString& message) { reported << message; });
        const int t = UnderFaults::timeout(10000);

        auto* enrol = view.findChild<QPushButton*>(u"partitionsEnrolButton"_s);
        auto* bannerText = view.findChild<QLabel*>(u"partitionsEnrolText"_s);
        QTRY_VERIFY_WITH_TIMEOUT(enrol->isVisible(), t);
        QVERIFY(UnderFaults::retry(
            [&] {
                bannerText->clear();
                enrol->click();
            },
            [&] { return context.infinibandEnabled(); },
            // The reason in the banner, and the button back to try again.
            [&] { return enrol->isEnabled() && !bannerText->text().isEmpty(); }, t));
        QTRY_VERIFY_WITH_TIMEOUT(!view.fabrics().isEmpty(), t);

        // Create by fabric: the first fabric with a SKU on it.
        InfinibandFabric fabric;
        for (const InfinibandFabric& f : constValue(view.fabrics()))
            if (!f.instanceSkus.isEmpty() && fabric.id.isEmpty())
                fabric = f;
        QVERIFY(!fabric.id.isEmpty());
        CreatePartitionDialog dialog(&context, {fabric}, {});
        dialog.setName(u"training"_s);
        dialog.show();
        QSignalSpy accepted(&dialog, &QDialog::accepted);
        auto* createError = dialog.findChild<QLabel*>(u"errorLabel"_s);
        int createFailures = 0;
        const bool created =
            UnderFaults::retry([&] { dialog.accept(); }, [&] { return accepted.size() == 1; },
                               [&] { return createError->isVisible(); }, t, &createFailures);
        InfinibandPartition partition;
        if (created) {
            partition = dialog.createdPartition();
        } else {
            // An answer lost after the server created it: the retry is refused, the name being
            // taken, and says so; the partition is in the list.
            QVERIFY(UnderFaults::active());
            QVERIFY2(createError->text().contains(u"training"_s) || createError->text().contains(u"exists"_s),
                     qPrintable(createError->text()));
            dialog.reject();
            QTRY_VERIFY_WITH_TIMEOUT(
                [&] {
                    for (const InfinibandPartition& p : view.model()->rows())
                        if (p.name == u"training")
                            partition = p;
                    return !partition.id.isEmpty();
                }(),
                t);
        }
        QCOMPARE(partition.fabric.name, fabric.name);

        // Two workers into it: the test's own setup, not under test here.
        {
            const SimProcess::FaultsOff faultsOff(m_sim);
            const auto pool = waitForResult<Pool>(
                client.createPool(u"sfc:workspace:acme:default"_s, u"training-cluster"_s));
            QVERIFY(pool);
            const auto images = waitForResult<QList<Image>>(
                client.images(QString::fromLatin1(ApiClient::publicImagesWorkspace)));
            QVERIFY(images && !images->isEmpty());
            QString image = images->first().id;
            for (const Image& i : *images)
                if (i.name == u"ubuntu-24.04-cuda-13.2")
                    image = i.id;
            for (const QString& name : {u"worker-1"_s, u"worker-2"_s}) {
                NewInstance instance;
                instance.pool = pool->id;
                instance.sku = fabric.instanceSkus.first().id;
                instance.image = image;
                instance.name = name;
                instance.infinibandPartition = partition.id;
                QVERIFY(waitForResult<Instance>(client.createInstance(instance)));
            }
        }
        view.refresh();
        QTRY_VERIFY_WITH_TIMEOUT(view.model()->rowOf(partition.id) >= 0, t);
        view.selectPartition(partition.id);
        QTRY_COMPARE_WITH_TIMEOUT(view.instancesModel()->rowCount(), 2, t);

        // Delete is blocked; the dialog lists both workers and terminates them.
        DeleteBlockersDialog* blockers = nullptr;
        QVERIFY(UnderFaults::retry(
            [&] {
                reported.clear();
                view.deleteCurrent();
                answerConfirmation(&view, true);
            },
            [&] { return (blockers = view.findChild<DeleteBlockersDialog*>(u"deleteBlockersDialog"_s)); },
            [&] { return !reported.isEmpty() && reported.last().contains(u"failed"_s); }, t));
        QCOMPARE(blockers->blockers().size(), 2);
        for (const PartitionBlocker& b : constValue(blockers->blockers()))
            QCOMPARE(b.kind, PartitionBlocker::Kind::Attached);
        auto* tree = blockers->findChild<QTreeWidget*>(u"blockerTree"_s);
        auto* terminate = blockers->findChild<QPushButton*>(u"terminateButton"_s);
        auto* retryDelete = blockers->findChild<QPushButton*>(u"retryButton"_s);
        const auto rowsSay = [tree](const QString& text) {
            return tree->topLevelItemCount() == 2
                   && tree->topLevelItem(0)->text(DeleteBlockersDialog::AdviceColumn).contains(text)
                   && tree->topLevelItem(1)->text(DeleteBlockersDialog::AdviceColumn).contains(text);
        };
        const auto aRowSays = [tree](const QString& text) {
            for (int i = 0; i < tree->topLevelItemCount(); ++i)
                if (tree->topLevelItem(i)->text(DeleteBlockersDialog::AdviceColumn).contains(text))
                    return true;
            return false;
        };
        // The blockers by name and ID, as soon as the partition's instances are read.
        const auto rowNamed = [tree](const QString& name) {
            for (int i = 0; i < tree->topLevelItemCount(); ++i)
                if (tree->topLevelItem(i)
                        ->text(DeleteBlockersDialog::InstanceColumn)
                        .startsWith(name + u" (inst_"_s))
                    return true;
            return false;
        };
        QTRY_VERIFY_WITH_TIMEOUT(rowNamed(u"worker-1"_s) && rowNamed(u"worker-2"_s), t);
        // Terminating asks once, naming both; a failed terminate says so in its row and stays
        // checked, to terminate again.
        const bool terminated = UnderFaults::retry(
            [&] {
                terminate->click();
                QVERIFY(answerConfirmation(blockers, true).contains(u"worker-1"_s));
            },
            [&] { return rowsSay(u"release"_s); },
            [&] { return terminate->isEnabled() && aRowSays(u"Could not terminate"_s); }, t);
        if (!terminated) {
            // A terminate whose answer was lost, then refused as already done: checking again shows
            // where things stand.
            QVERIFY(UnderFaults::active());
        }

        // Terminated but not released: still blocked, now as pending release.
        auto* progress = blockers->findChild<QLabel*>(u"progressLabel"_s);
        QVERIFY(UnderFaults::retry(
            [&] {
                progress->clear();
                retryDelete->click();
            },
            [&] {
                return !blockers->blockers().isEmpty()
                       && std::ranges::all_of(constValue(blockers->blockers()),
                                              [](const PartitionBlocker& b) {
                                                  return b.kind == PartitionBlocker::Kind::PendingRelease;
                                              });
            },
            [&] { return retryDelete->isEnabled() && !progress->text().isEmpty(); }, t));

        // Past the release delay the delete goes through. The sim's faults can drop this request
        // too: sent again until it is answered (advancing further changes nothing the test reads).
        QNetworkRequest advance(m_sim.baseUrl().resolved(QUrl(u"/_sim/clock/advance"_s)));
        advance.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
        QNetworkReply::NetworkError advanced = QNetworkReply::UnknownNetworkError;
        for (int attempt = 0; attempt < 8 && advanced != QNetworkReply::NoError; ++attempt) {
            QNetworkReply* reply = network.post(advance, QByteArrayLiteral(R"({"seconds":120})"));
            QTRY_VERIFY_WITH_TIMEOUT(reply->isFinished(), 10000);
            advanced = reply->error();
            reply->deleteLater();
            QVERIFY2(advanced == QNetworkReply::NoError || UnderFaults::active(),
                     qPrintable(reply->errorString()));
        }
        QCOMPARE(advanced, QNetworkReply::NoError);
        // The dialog watches the partition: the released workers say so, the delay they took is
        // learned, and the delete is offered again by itself.
        QTRY_VERIFY_WITH_TIMEOUT(blockers->deleteOffered(), t);
        QVERIFY(rowsSay(u"no longer blocks"_s));
        QCOMPARE(retryDelete->text(), u"&Delete Partition"_s);
        QTRY_COMPARE_WITH_TIMEOUT(blockers->releaseDelay().value_or(-1), 60, t);
        saveWidgetScreenshot(blockers, u"delete-partition-released"_s);
        QPointer<DeleteBlockersDialog> open(blockers);
        QVERIFY(UnderFaults::retry(
            [&] {
                progress->clear();
                retryDelete->click();
            },
            [&] { return !open; },
            [&] { return open && retryDelete->isEnabled() && !progress->text().isEmpty(); }, t));
        QTRY_VERIFY_WITH_TIMEOUT(view.model()->rowOf(partition.id) < 0, t);
    }

    void viewerSeesButWritesAreRefusedWithTheReason()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        QNetworkAccessManager network;
        ApiClient client(m_sim.baseUrl(), &network);
        client.setToken(m_sim.token(u"acme-viewer"_s));
        ViewContext context(&settings);
        context.setWorkspace(u"production"_s);
        PartitionsView view(&context);
        view.show();
        context.setClient(&client);
        // The account was enrolled by the owner above.
        QTRY_VERIFY_WITH_TIMEOUT(context.infinibandEnabled(), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!view.fabrics().isEmpty(), 10000);
        // Creating names the workspace by its ID, known once the account's workspaces are read.
        QTRY_VERIFY_WITH_TIMEOUT(!context.workspaceReference().isEmpty(), 10000);
        CreatePartitionDialog dialog(&context, {view.fabrics().constFirst()}, {});
        dialog.setName(u"not-allowed"_s);
        dialog.show();
        dialog.accept();
        auto* error = dialog.findChild<QLabel*>(u"errorLabel"_s);
        QTRY_VERIFY_WITH_TIMEOUT(error->isVisible(), 10000);
        QVERIFY(!error->text().isEmpty());
        QVERIFY(dialog.isVisible());
    }

private:
    SimProcess m_sim;
    EventLoopWatchdog m_watchdog;
};

QTEST_MAIN(TestPartitionsFlow)
#include "tst_partitionsflow.moc"
