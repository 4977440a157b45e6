// SPDX-License-Identifier: Apache-2.0

#include "support/simclient.h"
#include "support/simprocess.h"
#include "support/testenv.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

// sfsim --faults: latency, injected 503s that take no effect, dropped connections and truncated
// bodies after the request took effect, the same faults for the same seed, never on /_sim, and a
// control route to change them at run time.
class TestSimFaults final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { TestEnv::init(); }

    void latencyDelaysAnswers()
    {
        SimProcess sim;
        QVERIFY2(sim.start({u"--control"_s, u"--faults"_s, u"latency=250ms"_s}),
                 qPrintable(sim.errorOutput()));
        SimClient api(sim.baseUrl());
        api.setToken(sim.token(u"acme-owner"_s));
        QElapsedTimer timer;
        timer.start();
        QCOMPARE(api.get(u"/preview/v2/workspaces"_s).status, 200);
        QVERIFY(timer.elapsed() >= 250);
        // Requests wait side by side, not one after another... and control routes never wait.
        timer.restart();
        QVERIFY(api.now() > 0);
        QVERIFY(timer.elapsed() < 250);
    }

    void errorsTakeNoEffect()
    {
        SimProcess sim;
        QVERIFY2(sim.start({u"--control"_s, u"--faults"_s, u"error=1"_s}), qPrintable(sim.errorOutput()));
        SimClient api(sim.baseUrl());
        api.setToken(sim.token(u"acme-owner"_s));
        const SimReply r =
            api.post(u"/preview/v2/pools"_s, {{u"workspace"_s, u"default"_s}, {u"name"_s, u"never"_s}});
        QCOMPARE(r.status, 503);
        QCOMPARE(r.errorType(), u"service_unavailable"_s);
        QCOMPARE(api.get(u"/_sim/faults"_s).json.value(u"error").toDouble(), 1.0);
        QCOMPARE(api.post(u"/_sim/faults"_s, {{u"spec"_s, u""_s}}).status, 200);
        QCOMPARE(api.get(u"/preview/v2/pools/never"_s).status, 404);
        QCOMPARE(api.post(u"/_sim/faults"_s, {{u"spec"_s, u"error=2"_s}}).status, 422);
        QCOMPARE(api.post(u"/_sim/faults"_s, {{u"spec"_s, u"sleep=1"_s}}).status, 422);
    }

    void droppedAndTruncatedAnswersTookEffect_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::newRow("drop") << u"drop=1"_s;
        QTest::newRow("truncate") << u"truncate=1"_s;
    }

    void droppedAndTruncatedAnswersTookEffect()
    {
        QFETCH(QString, spec);
        SimProcess sim;
        QVERIFY2(sim.start({u"--control"_s, u"--faults"_s, spec}), qPrintable(sim.errorOutput()));
        SimClient api(sim.baseUrl());
        api.setToken(sim.token(u"acme-owner"_s));
        // Sent outside SimClient, whose exchanges the contract test expects to be whole.
        QNetworkAccessManager nam;
        QNetworkRequest request(sim.baseUrl().resolved(QUrl(u"/preview/v2/pools"_s)));
        request.setRawHeader("Authorization", "Bearer " + sim.token(u"acme-owner"_s).toUtf8());
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
        QNetworkReply* reply =
            nam.post(request, QByteArrayLiteral(R"({"workspace":"default","name":"kept"})"));
        QSignalSpy finished(reply, &QNetworkReply::finished);
        QVERIFY(finished.wait(10000));
        const QByteArray raw = reply->readAll();
        // No complete answer came back.
        QVERIFY(reply->error() != QNetworkReply::NoError);
        QVERIFY2(QJsonDocument::fromJson(raw).isNull(), raw.constData());
        if (spec.startsWith(u"truncate"_s))
            QVERIFY2(raw.startsWith("{"), raw.constData());
        reply->deleteLater();
        // The pool exists all the same: a client must retry with care.
        QCOMPARE(api.post(u"/_sim/faults"_s, {{u"spec"_s, u""_s}}).status, 200);
        const SimReply pool = api.get(u"/preview/v2/pools/kept"_s);
        QCOMPARE(pool.status, 200);
        QCOMPARE(pool.json.value(u"name").toString(), u"kept"_s);
        // The server keeps serving.
        QCOMPARE(api.get(u"/preview/v2/workspaces"_s).status, 200);
    }

    void sameSeedSameFaults()
    {
        const auto statuses = [](const QString& seed) {
            SimProcess sim;
            if (!sim.start({u"--seed"_s, seed, u"--faults"_s, u"error=0.5"_s}))
                return QList<int>();
            SimClient api(sim.baseUrl());
            api.setToken(sim.token(u"acme-owner"_s));
            QList<int> out;
            for (int i = 0; i < 24; ++i)
                out.append(api.get(u"/preview/v2/workspaces"_s).status);
            return out;
        };
        const QList<int> a = statuses(u"5"_s);
        QCOMPARE(a.size(), 24);
        QVERIFY(a.contains(200) && a.contains(503));
        QCOMPARE(statuses(u"5"_s), a);
        QVERIFY(statuses(u"6"_s) != a);
    }

    void badSpecsAreRefused_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown") << u"slow=1"_s << u"unknown fault"_s;
        QTest::newRow("rate") << u"error=1.5"_s << u"between 0 and 1"_s;
        QTest::newRow("duration") << u"latency=fast"_s << u"duration"_s;
        QTest::newRow("more than all") << u"error=0.6,drop=0.5"_s << u"more than 1"_s;
    }

    void badSpecsAreRefused()
    {
        QFETCH(QString, spec);
        QFETCH(QString, message);
        SimProcess sim;
        QVERIFY(!sim.start({u"--faults"_s, spec}, 5000));
        QVERIFY2(sim.errorOutput().contains(u"--faults"_s) && sim.errorOutput().contains(message),
                 qPrintable(sim.errorOutput()));
    }
};

QTEST_GUILESS_MAIN(TestSimFaults)
#include "tst_simfaults.moc"
