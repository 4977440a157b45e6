// The InfiniBand flow of the guide, driven through the views against the real sfsim.
#include "core/api/apiclient.h"
#include "core/models/instancemodel.h"
#include "core/models/partitionmodel.h"
#include "core/settings/settings.h"
#include "gui/common/confirmdialog.h"
#include "gui/common/viewcontext.h"
#include "gui/partitions/createpartitiondialog.h"
#include "gui/partitions/deleteblockersdialog.h"
#include "gui/partitions/partitionsview.h"
#include "support/simprocess.h"
#include "support/testenv.h"

#include <QDialogButtonBox>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace Qt::StringLiterals;

namespace {

template <typename T> std::optional<T> wait(ApiCall* call)
{
    std::optional<T> result;
    bool done = false;
    QObject context;
    call->onSuccess<T>(&context, [&](const T& value) {
        result = value;
        done = true;
    });
    call->onFailure(&context, [&](const ApiError& error) {
        qWarning() << error.message();
        done = true;
    });
    if (!QTest::qWaitFor([&] { return done; }, 20000))
        qWarning() << "no answer within 20 s";
    return result;
}

} // namespace

class TestPartitionsFlow final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        QVERIFY2(m_sim.start({u"--control"_s, u"--ib-release-seconds"_s, u"60"_s}),
                 qPrintable(m_sim.errorOutput()));
    }

    void enrolCreateAttachBlockTerminateReleaseDelete()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(u"s.ini"_s));
        QNetworkAccessManager network;
        ApiClient client(m_sim.baseUrl(), &network);
        client.setToken(m_sim.token(u"acme-owner"_s));
        ViewContext context(&settings);
        PartitionsView view(&context);
        view.resize(1100, 760);
        view.show();
        context.setClient(&client);

        auto* enrol = view.findChild<QPushButton*>(u"partitionsEnrolButton"_s);
        QTRY_VERIFY_WITH_TIMEOUT(enrol->isVisible(), 10000);
        enrol->click();
        QTRY_VERIFY_WITH_TIMEOUT(context.infinibandEnabled(), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!view.fabrics().isEmpty(), 10000);

        // Create by fabric: the first fabric with a SKU on it.
        InfinibandFabric fabric;
        for (const InfinibandFabric& f : view.fabrics())
            if (!f.instanceSkus.isEmpty() && fabric.id.isEmpty())
                fabric = f;
        QVERIFY(!fabric.id.isEmpty());
        CreatePartitionDialog dialog(&context, {fabric}, {});
        dialog.setName(u"training"_s);
        dialog.show();
        QSignalSpy accepted(&dialog, &QDialog::accepted);
        dialog.accept();
        QTRY_COMPARE_WITH_TIMEOUT(accepted.size(), 1, 10000);
        const InfinibandPartition partition = dialog.createdPartition();
        QCOMPARE(partition.fabric.name, fabric.name);

        // Two workers into it.
        const auto pool = wait<Pool>(client.createPool(u"default"_s, u"training-cluster"_s));
        QVERIFY(pool);
        const auto images = wait<QList<Image>>(client.images());
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
            QVERIFY(wait<Instance>(client.createInstance(instance)));
        }
        view.refresh();
        QTRY_VERIFY_WITH_TIMEOUT(view.model()->rowOf(partition.id) >= 0, 10000);
        view.selectPartition(partition.id);
        QTRY_COMPARE_WITH_TIMEOUT(view.instancesModel()->rowCount(), 2, 10000);

        // Delete is blocked; the dialog lists both workers and terminates them.
        ConfirmDialog::setNextAnswer(true);
        view.deleteCurrent();
        DeleteBlockersDialog* blockers = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT(
            (blockers = view.findChild<DeleteBlockersDialog*>(u"deleteBlockersDialog"_s)), 10000);
        QCOMPARE(blockers->blockers().size(), 2);
        for (const PartitionBlocker& b : blockers->blockers())
            QCOMPARE(b.kind, PartitionBlocker::Kind::Attached);
        blockers->findChild<QPushButton*>(u"terminateButton"_s)->click();
        auto* tree = blockers->findChild<QTreeWidget*>(u"blockerTree"_s);
        QTRY_VERIFY_WITH_TIMEOUT(tree->topLevelItem(0)->text(1).contains(u"release"_s)
                                     && tree->topLevelItem(1)->text(1).contains(u"release"_s),
                                 10000);

        // Terminated but not released: still blocked, now as pending release.
        blockers->findChild<QPushButton*>(u"retryButton"_s)->click();
        QTRY_VERIFY_WITH_TIMEOUT(!blockers->blockers().isEmpty()
                                     && blockers->blockers().first().kind
                                            == PartitionBlocker::Kind::PendingRelease,
                                 10000);

        // Past the release delay the delete goes through.
        QNetworkRequest advance(m_sim.baseUrl().resolved(QUrl(u"/_sim/clock/advance"_s)));
        advance.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
        QNetworkReply* reply = network.post(advance, QByteArrayLiteral(R"({"seconds":120})"));
        QTRY_VERIFY_WITH_TIMEOUT(reply->isFinished(), 10000);
        QCOMPARE(reply->error(), QNetworkReply::NoError);
        reply->deleteLater();
        blockers->findChild<QPushButton*>(u"retryButton"_s)->click();
        QTRY_VERIFY_WITH_TIMEOUT(!view.findChild<DeleteBlockersDialog*>(u"deleteBlockersDialog"_s), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(view.model()->rowOf(partition.id) < 0, 10000);
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
        CreatePartitionDialog dialog(&context, {view.fabrics().first()}, {});
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
};

QTEST_MAIN(TestPartitionsFlow)
#include "tst_partitionsflow.moc"
