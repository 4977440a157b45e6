// SPDX-License-Identifier: Apache-2.0

#include "support/simprocess.h"
#include "support/testenv.h"

#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QTest>

using namespace sfdesk;

// The sfsim executable over real HTTP on loopback.
class TestSimServer final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        QVERIFY2(m_sim.start(), qPrintable(m_sim.errorOutput()));
        QCOMPARE(m_sim.baseUrl().host(), QStringLiteral("127.0.0.1"));
        QVERIFY(m_sim.baseUrl().port() > 0);
    }

    void health()
    {
        const auto [status, body] = get(QStringLiteral("/v1/_healthz"));
        QCOMPARE(status, 200);
        QCOMPARE(body.value(u"status").toString(), QStringLiteral("ok"));
    }

    void unknownRouteAnswersWithTheEnvelope()
    {
        const auto [status, body] = get(QStringLiteral("/preview/v2/no_such_thing"));
        QCOMPARE(status, 404);
        const QJsonObject error = body.value(u"error").toObject();
        QCOMPARE(error.value(u"type").toString(), QStringLiteral("not_found"));
        QVERIFY(error.value(u"message").toString().contains(u"/preview/v2/no_such_thing"));
    }

    void stopsOnSigterm()
    {
        m_sim.process().terminate();
        QVERIFY(m_sim.process().waitForFinished(5000));
        QCOMPARE(m_sim.process().exitStatus(), QProcess::NormalExit);
        QCOMPARE(m_sim.process().exitCode(), 0);
    }

private:
    std::pair<int, QJsonObject> get(const QString& path)
    {
        QNetworkRequest request(m_sim.baseUrl().resolved(QUrl(path)));
        QNetworkReply* reply = m_nam.get(request);
        QSignalSpy finished(reply, &QNetworkReply::finished);
        if (!finished.wait(5000))
            return {0, {}};
        reply->deleteLater();
        return {reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(),
                QJsonDocument::fromJson(reply->readAll()).object()};
    }

    SimProcess m_sim;
    QNetworkAccessManager m_nam;
};

QTEST_GUILESS_MAIN(TestSimServer)
#include "tst_simserver.moc"
