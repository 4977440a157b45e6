// SPDX-License-Identifier: Apache-2.0

#include "core/api/apicall.h"
#include "core/api/apiclient.h"
#include "core/models/activitymodel.h"
#include "support/simprocess.h"
#include "support/testenv.h"

#include <QAbstractItemModelTester>
#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;
using State = ActivityModel::State;

// The activity list against the real sfsim: what is in flight, how calls end, cancelling.
class TestActivityModel final : public QObject
{
    Q_OBJECT

private:
    static State stateAt(const ActivityModel& model, int row)
    {
        return static_cast<State>(model.index(row, 0).data(ActivityModel::StateRole).toInt());
    }
    static QString requestAt(const ActivityModel& model, int row)
    {
        return model.index(row, ActivityModel::RequestColumn).data().toString();
    }

    SimProcess m_sim;
    QNetworkAccessManager m_network;
    std::unique_ptr<ApiClient> m_client;
    std::unique_ptr<ActivityModel> m_model;
    std::unique_ptr<QAbstractItemModelTester> m_tester;

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        QVERIFY2(m_sim.start(), qPrintable(m_sim.errorOutput()));
    }

    void init()
    {
        m_client = std::make_unique<ApiClient>(m_sim.baseUrl(), &m_network);
        m_client->setToken(m_sim.token(u"acme-owner"_s));
        m_model = std::make_unique<ActivityModel>();
        m_tester = std::make_unique<QAbstractItemModelTester>(
            m_model.get(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        m_model->setClient(m_client.get());
    }

    void cleanup()
    {
        m_tester.reset();
        m_model.reset();
        m_client.reset();
    }

    void aCallIsInFlightThenDone()
    {
        QSignalSpy inFlight(m_model.get(), &ActivityModel::inFlightCountChanged);
        m_client->me();
        QCOMPARE(m_model->rowCount(), 1);
        QCOMPARE(requestAt(*m_model, 0), u"GET /me"_s);
        QCOMPARE(stateAt(*m_model, 0), State::InFlight);
        QCOMPARE(m_model->inFlightCount(), 1);
        QVERIFY(m_model->canCancel(0));

        QTRY_COMPARE_WITH_TIMEOUT(stateAt(*m_model, 0), State::Succeeded, 15000);
        QCOMPARE(m_model->inFlightCount(), 0);
        QVERIFY(!m_model->canCancel(0));
        QCOMPARE(m_model->index(0, ActivityModel::AttemptsColumn).data().toString(), u"1"_s);
        QVERIFY(m_model->index(0, ActivityModel::DurationColumn).data().toString().endsWith(u"ms"_s));
        QCOMPARE(inFlight.size(), 2);
        QCOMPARE(inFlight.last().first().toInt(), 0);
    }

    void aFailureKeepsTheServersReason()
    {
        m_client->instance(u"inst_doesnotexist0000000"_s);
        QTRY_COMPARE_WITH_TIMEOUT(stateAt(*m_model, 0), State::Failed, 15000);
        const QString reason = m_model->index(0, 0).data(ActivityModel::ErrorRole).toString();
        QVERIFY2(!reason.isEmpty(), "a failed call says why");
        QVERIFY(m_model->index(0, ActivityModel::StateColumn).data().toString().contains(reason));
    }

    void cancellingMovesTheRowBelowWhatIsStillInFlight()
    {
        ApiCall* images = m_client->images();
        m_client->workspaces();
        m_client->pools();
        // Newest first: pools, workspaces, images.
        QCOMPARE(requestAt(*m_model, 0), u"GET /pools"_s);
        QCOMPARE(requestAt(*m_model, 2), u"GET /images"_s);
        QSignalSpy imagesFailed(images, &ApiCall::failed);

        m_model->cancel(0);
        QCOMPARE(m_model->inFlightCount(), 2);
        QCOMPARE(requestAt(*m_model, 2), u"GET /pools"_s);
        QCOMPARE(stateAt(*m_model, 2), State::Cancelled);
        QCOMPARE(stateAt(*m_model, 0), State::InFlight);
        QCOMPARE(requestAt(*m_model, 0), u"GET /workspaces"_s);
        QCOMPARE(requestAt(*m_model, 1), u"GET /images"_s);

        m_model->cancel(1);
        QCOMPARE(imagesFailed.size(), 1);
        QCOMPARE(imagesFailed.first().first().value<ApiError>().kind(), ApiError::Kind::Cancelled);
        QCOMPARE(requestAt(*m_model, 1), u"GET /images"_s);
        QCOMPARE(stateAt(*m_model, 1), State::Cancelled);
        QTRY_COMPARE_WITH_TIMEOUT(m_model->inFlightCount(), 0, 15000);
        QCOMPARE(m_model->rowCount(), 3);
    }

    void historyIsBoundedAndClearable()
    {
        m_model->setHistoryLimit(2);
        for (int i = 0; i < 4; ++i)
            m_client->me();
        QCOMPARE(m_model->rowCount(), 4);
        QTRY_COMPARE_WITH_TIMEOUT(m_model->inFlightCount(), 0, 15000);
        QCOMPARE(m_model->rowCount(), 2);

        m_client->workspaces();
        m_model->clearFinished();
        QCOMPARE(m_model->rowCount(), 1);
        QCOMPARE(stateAt(*m_model, 0), State::InFlight);
        QTRY_COMPARE_WITH_TIMEOUT(m_model->inFlightCount(), 0, 15000);
    }

    void aClientThatGoesAwayLeavesNothingInFlight()
    {
        m_client->me();
        QCOMPARE(m_model->inFlightCount(), 1);
        m_client.reset();
        QCOMPARE(m_model->inFlightCount(), 0);
        QCOMPARE(stateAt(*m_model, 0), State::Cancelled);
    }
};

QTEST_GUILESS_MAIN(TestActivityModel)
#include "tst_activitymodel.moc"
