// SPDX-License-Identifier: Apache-2.0

#include "core/api/apiclient.h"

#include "common/constvalue.h"
#include "core/models/connectionstatus.h"
#include "core/models/fabricmodel.h"
#include "core/models/imagemodel.h"
#include "core/models/instancemodel.h"
#include "core/models/partitionmodel.h"
#include "core/models/poolmodel.h"
#include "core/models/session.h"
#include "core/models/skumodel.h"
#include "core/models/workspacemodel.h"
#include "support/simprocess.h"
#include "support/testenv.h"

#include <QAbstractItemModelTester>
#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QTest>

using namespace sfdesk;

using namespace std::chrono_literals;

// The client and its models against the real sfsim over loopback HTTP.
class TestSimBackedClient final : public QObject
{
    Q_OBJECT

private:
    template <typename T> T await(ApiCall* call, ApiError* error = nullptr)
    {
        QSignalSpy succeeded(call, &ApiCall::succeeded);
        QSignalSpy failed(call, &ApiCall::failed);
        [&] { QTRY_VERIFY_WITH_TIMEOUT(succeeded.size() + failed.size() == 1, 15000); }();
        if (!failed.isEmpty() && error)
            *error = failed.first().first().value<ApiError>();
        return succeeded.isEmpty() ? T{} : succeeded.first().first().value<T>();
    }

    SimProcess m_sim;
    QNetworkAccessManager m_network;

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        QVERIFY2(m_sim.start(), qPrintable(m_sim.errorOutput()));
        QVERIFY(!m_sim.token(QStringLiteral("acme-owner")).isEmpty());
    }

    void modelsLoadRealData()
    {
        ApiClient client(m_sim.baseUrl(), &m_network);
        client.setToken(m_sim.token(QStringLiteral("acme-owner")));
        Session session(&client);
        QAbstractItemModelTester t1(session.workspaces(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(session.skus(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t3(session.images(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t4(session.pools(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        for (const Session::Resource resource : constValue(Session::allResources()))
            session.watch(resource);
        session.setInterval(1h);
        session.start();
        QTRY_VERIFY_WITH_TIMEOUT(session.workspaces()->rowCount() >= 3, 15000);
        QTRY_VERIFY_WITH_TIMEOUT(session.skus()->rowCount() > 0, 15000);
        QTRY_VERIFY_WITH_TIMEOUT(session.images()->rowCount() >= 3, 15000);
        QTRY_VERIFY_WITH_TIMEOUT(!session.status()->isBusy(), 15000);
        QVERIFY2(!session.status()->hasError(), qPrintable(session.status()->lastError().technicalDetails()));
        QStringList names;
        for (const Workspace& workspace : session.workspaces()->rows())
            names.append(workspace.name);
        QVERIFY(names.contains(QStringLiteral("default")));
        QVERIFY(names.contains(QStringLiteral("production")));

        // A second refresh of unchanged data is silent.
        QSignalSpy inserted(session.workspaces(), &QAbstractItemModel::rowsInserted);
        QSignalSpy changed(session.workspaces(), &QAbstractItemModel::dataChanged);
        QSignalSpy reset(session.workspaces(), &QAbstractItemModel::modelReset);
        session.refreshAll();
        QTRY_VERIFY_WITH_TIMEOUT(!session.status()->isBusy(), 15000);
        QCOMPARE(inserted.size() + changed.size() + reset.size(), 0);

        // A new pool appears as one inserted row.
        QSignalSpy poolsInserted(session.pools(), &QAbstractItemModel::rowsInserted);
        const int before = session.pools()->rowCount();
        ApiError error;
        const Pool pool = await<Pool>(
            client.createPool(QStringLiteral("sfc:workspace:acme:default"), QStringLiteral("client-test")),
            &error);
        QVERIFY2(!pool.id.isEmpty(), qPrintable(error.technicalDetails()));
        session.refreshAll();
        QTRY_COMPARE_WITH_TIMEOUT(session.pools()->rowCount(), before + 1, 15000);
        QCOMPARE(poolsInserted.size(), 1);
        QCOMPARE(reset.size(), 0);
        session.stop();
    }

    void errorsFromTheRealServer()
    {
        ApiClient client(m_sim.baseUrl(), &m_network);
        client.setToken(QStringLiteral("sk_live_not_a_token"));
        ApiError error;
        await<Account>(client.me(), &error);
        QCOMPARE(error.httpStatus(), 401);

        client.setToken(m_sim.token(QStringLiteral("acme-owner")));
        await<Instance>(client.instance(QStringLiteral("inst_doesnotexist000000000")), &error);
        QCOMPARE(error.httpStatus(), 404);
        QCOMPARE(error.kind(), ApiError::Kind::Http);

        // Partitions are a preview: 403 "Feature not enabled." until enrolled.
        const auto flags = await<QList<FeatureFlag>>(client.featureFlags());
        const bool enrolled = std::any_of(flags.cbegin(), flags.cend(), [](const FeatureFlag& f) {
            return f.name == u"infiniband-preview" && f.enrolled;
        });
        if (!enrolled) {
            await<QList<InfinibandPartition>>(client.infinibandPartitions(), &error);
            QCOMPARE(error.httpStatus(), 403);
            QVERIFY2(error.isFeatureNotEnabled(), qPrintable(error.technicalDetails()));
        }
        const FeatureFlag flag = await<FeatureFlag>(
            client.setFeatureFlagEnrolled(QStringLiteral("infiniband-preview"), true), &error);
        QVERIFY2(flag.enrolled, qPrintable(error.technicalDetails()));
        const auto fabrics = await<QList<InfinibandFabric>>(client.infinibandFabrics(), &error);
        QVERIFY2(!fabrics.isEmpty(), qPrintable(error.technicalDetails()));

        // The viewer token reads acme/production but may not write there.
        client.setToken(m_sim.token(QStringLiteral("acme-viewer")));
        await<Pool>(client.createPool(QStringLiteral("production"), QStringLiteral("nope")), &error);
        QCOMPARE(error.httpStatus(), 403);
        QVERIFY(!error.isFeatureNotEnabled());
    }
};

QTEST_GUILESS_MAIN(TestSimBackedClient)
#include "tst_simbackedclient.moc"
