// SPDX-License-Identifier: Apache-2.0

#include "support/simclient.h"

#include "common/constvalue.h"
#include "support/simprocess.h"
#include "support/testenv.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

// Bearer tokens, the grants of each seeded token, and isolation between accounts.
class TestSimAuth final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        QVERIFY2(m_sim.start({u"--control"_s}), qPrintable(m_sim.errorOutput()));
        m_api.setBaseUrl(m_sim.baseUrl());
        for (const auto& label :
             {u"acme-owner"_s, u"acme-viewer"_s, u"acme-research-writer"_s, u"globex-owner"_s})
            m_tokens.insert(label, m_sim.token(label));
        QCOMPARE(m_sim.tokens().size(), 4);
        // Fixtures: a pool and an instance in acme/production, a pool in globex.
        const QString owner = m_tokens.value(u"acme-owner"_s);
        auto r = m_api.post(u"/preview/v2/pools"_s,
                            {{u"workspace"_s, u"production"_s}, {u"name"_s, u"prod"_s}}, owner);
        QCOMPARE(r.status, 201);
        m_acmePool = r.id();
        const QString sku = m_api.get(u"/preview/v2/instance_skus/sea-3-h100"_s, owner).id();
        r = m_api.post(u"/preview/v2/instances"_s,
                       {{u"pool"_s, m_acmePool},
                        {u"instance_sku"_s, sku},
                        {u"image"_s, u"ubuntu-22.04.5-cuda-12.7"_s},
                        {u"name"_s, u"web-1"_s}},
                       owner);
        QCOMPARE(r.status, 201);
        m_acmeInstance = r.id();
        r = m_api.post(u"/preview/v2/pools"_s, {{u"workspace"_s, u"default"_s}, {u"name"_s, u"gpool"_s}},
                       m_tokens.value(u"globex-owner"_s));
        QCOMPARE(r.status, 201);
        m_globexPool = r.id();
    }

    void unauthenticated_data()
    {
        QTest::addColumn<QByteArray>("header");
        QTest::addColumn<QString>("path");
        QTest::newRow("no token, me") << QByteArray() << u"/preview/v2/me"_s;
        QTest::newRow("no token, instances") << QByteArray() << u"/preview/v2/instances"_s;
        QTest::newRow("unknown token") << QByteArray("Bearer sk_live_nope") << u"/preview/v2/pools"_s;
        QTest::newRow("basic scheme") << QByteArray("Basic YWNtZTpwdw==") << u"/preview/v2/workspaces"_s;
        QTest::newRow("empty bearer") << QByteArray("Bearer ") << u"/v2/me"_s;
    }

    void unauthenticated()
    {
        QFETCH(QByteArray, header);
        QFETCH(QString, path);
        QNetworkAccessManager nam;
        QNetworkRequest request(m_sim.baseUrl().resolved(QUrl(path)));
        if (!header.isEmpty())
            request.setRawHeader("Authorization", header);
        // Through SimClient for recording: it adds no header when told not to authorize.
        const auto r = header.isEmpty()
                           ? m_api.send("GET", path, {}, {}, false)
                           : m_api.send("GET", path, {}, QString::fromLatin1(header.mid(7)), true);
        if (header.startsWith("Basic")) {
            // SimClient always uses Bearer; check the scheme with a raw request instead.
            QNetworkReply* reply = nam.get(request);
            QTRY_VERIFY(reply->isFinished());
            QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 401);
            reply->deleteLater();
            return;
        }
        QCOMPARE(r.status, 401);
        QCOMPARE(r.errorType(), u"authentication_error"_s);
    }

    void me_data()
    {
        QTest::addColumn<QString>("token");
        QTest::addColumn<QString>("account");
        QTest::addColumn<bool>("hasUser");
        QTest::newRow("acme-owner") << u"acme-owner"_s << u"acme"_s << true;
        QTest::newRow("acme-viewer") << u"acme-viewer"_s << u"acme"_s << false;
        QTest::newRow("acme-research-writer") << u"acme-research-writer"_s << u"acme"_s << false;
        QTest::newRow("globex-owner") << u"globex-owner"_s << u"globex"_s << true;
    }

    void me()
    {
        QFETCH(QString, token);
        QFETCH(QString, account);
        QFETCH(bool, hasUser);
        const auto r = m_api.get(u"/preview/v2/me"_s, m_tokens.value(token));
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json.value(u"account_id").toString(), account);
        QCOMPARE(r.json.value(u"user").isObject(), hasUser);
    }

    void visibleWorkspaces_data()
    {
        QTest::addColumn<QString>("token");
        QTest::addColumn<QStringList>("names");
        QTest::newRow("owner") << u"acme-owner"_s
                               << QStringList{u"research"_s, u"production"_s, u"default"_s};
        QTest::newRow("viewer") << u"acme-viewer"_s << QStringList{u"production"_s};
        QTest::newRow("writer") << u"acme-research-writer"_s << QStringList{u"research"_s};
        QTest::newRow("globex") << u"globex-owner"_s << QStringList{u"default"_s};
    }

    void visibleWorkspaces()
    {
        QFETCH(QString, token);
        QFETCH(QStringList, names);
        const auto r = m_api.get(u"/preview/v2/workspaces"_s, m_tokens.value(token));
        QCOMPARE(r.status, 200);
        QStringList seen;
        for (const auto& w : constValue(r.data()))
            seen.append(w.toObject().value(u"name").toString());
        QCOMPARE(seen, names);
    }

    // Each token's grants: 404 where it cannot read, 403 where it reads but cannot write.
    void grants_data()
    {
        QTest::addColumn<QString>("token");
        QTest::addColumn<QByteArray>("method");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<int>("status");
        const auto row = [](const char* name, const QString& token, const char* method, const QString& path,
                            const char* body, int status) {
            QTest::newRow(name) << token << QByteArray(method) << path << QByteArray(body) << status;
        };
        const QString viewer = u"acme-viewer"_s, writer = u"acme-research-writer"_s, owner = u"acme-owner"_s,
                      globex = u"globex-owner"_s;
        row("viewer reads production pools", viewer, "GET", u"/preview/v2/pools?workspace=production"_s, "",
            200);
        row("viewer cannot read research", viewer, "GET", u"/preview/v2/pools?workspace=research"_s, "", 404);
        row("viewer cannot create in production", viewer, "POST", u"/preview/v2/pools"_s,
            R"({"workspace":"production"})", 403);
        row("viewer cannot create in research", viewer, "POST", u"/preview/v2/pools"_s,
            R"({"workspace":"research"})", 404);
        row("viewer reads the instance", viewer, "GET", u"/preview/v2/instances/{inst}"_s, "", 200);
        row("viewer cannot terminate", viewer, "POST", u"/preview/v2/instances/{inst}/terminate"_s, "", 403);
        row("viewer cannot patch", viewer, "PATCH", u"/preview/v2/instances/{inst}"_s, R"({"name":"x"})",
            403);
        row("viewer cannot rename the pool", viewer, "PATCH", u"/preview/v2/pools/{pool}"_s,
            R"({"name":"x"})", 403);
        row("viewer cannot create workspaces", viewer, "POST", u"/preview/v2/workspaces"_s, R"({"name":"v"})",
            403);
        row("viewer cannot enrol", viewer, "POST", u"/preview/v2/feature_flags/infiniband-preview"_s,
            R"({"enrolled":true})", 403);
        row("writer creates in research", writer, "POST", u"/preview/v2/pools"_s,
            R"({"workspace":"research","name":"w"})", 201);
        row("writer cannot see production", writer, "POST", u"/preview/v2/pools"_s,
            R"({"workspace":"production"})", 404);
        row("writer cannot read the instance", writer, "GET", u"/preview/v2/instances/{inst}"_s, "", 404);
        row("writer cannot create workspaces", writer, "POST", u"/preview/v2/workspaces"_s, R"({"name":"w"})",
            403);
        row("writer cannot delete the default", writer, "DELETE", u"/preview/v2/workspaces/default"_s, "",
            404);
        row("owner creates workspaces", owner, "POST", u"/preview/v2/workspaces"_s, R"({"name":"scratch"})",
            201);
        row("globex: acme workspace", globex, "GET", u"/preview/v2/workspaces/sfc:workspace:acme:default"_s,
            "", 404);
        row("globex: acme pool", globex, "GET", u"/preview/v2/pools/{pool}"_s, "", 404);
        row("globex: acme pool path", globex, "GET", u"/preview/v2/pools/sfc:pool:acme:production:prod"_s, "",
            404);
        row("globex: acme instance", globex, "GET", u"/preview/v2/instances/{inst}"_s, "", 404);
        row("globex: terminate acme instance", globex, "POST", u"/preview/v2/instances/{inst}/terminate"_s,
            "", 404);
        row("globex: delete acme pool", globex, "DELETE", u"/preview/v2/pools/{pool}"_s, "", 404);
        row("globex: pool in acme workspace", globex, "POST", u"/preview/v2/pools"_s,
            R"({"workspace":"sfc:workspace:acme:production"})", 404);
        row("acme: globex pool", owner, "GET", u"/preview/v2/pools/{gpool}"_s, "", 404);
        row("globex: acme users", globex, "GET", u"/preview/v2/users/alice-acme"_s, "", 404);
    }

    void grants()
    {
        QFETCH(QString, token);
        QFETCH(QByteArray, method);
        QFETCH(QString, path);
        QFETCH(QByteArray, body);
        QFETCH(int, status);
        path.replace(u"{inst}"_s, m_acmeInstance)
            .replace(u"{pool}"_s, m_acmePool)
            .replace(u"{gpool}"_s, m_globexPool);
        const auto r = m_api.send(method, path, body, m_tokens.value(token));
        QCOMPARE(r.status, status);
    }

    void listsAreIsolated()
    {
        const QString globex = m_tokens.value(u"globex-owner"_s);
        auto r = m_api.get(u"/preview/v2/instances"_s, globex);
        QCOMPARE(r.status, 200);
        QCOMPARE(r.data().size(), 0);
        r = m_api.get(u"/preview/v2/pools"_s, globex);
        QCOMPARE(r.data().size(), 1);
        QCOMPARE(r.data().first().toObject().value(u"owner").toString(), u"globex"_s);
        r = m_api.get(u"/preview/v2/users"_s, globex);
        for (const auto& u : constValue(r.data()))
            QVERIFY(u.toObject().value(u"id").toString().endsWith(u"-globex"));
        r = m_api.get(u"/preview/v2/pools"_s, m_tokens.value(u"acme-owner"_s));
        for (const auto& p : constValue(r.data()))
            QCOMPARE(p.toObject().value(u"owner").toString(), u"acme"_s);
        // The viewer lists only production instances even without a workspace filter.
        r = m_api.get(u"/preview/v2/instances"_s, m_tokens.value(u"acme-viewer"_s));
        QCOMPARE(r.data().size(), 1);
        r = m_api.get(u"/preview/v2/instances"_s, m_tokens.value(u"acme-research-writer"_s));
        QCOMPARE(r.data().size(), 0);
    }

    void controlRoutesNeedTheSwitch()
    {
        SimProcess plain;
        QVERIFY(plain.start());
        SimClient c(plain.baseUrl());
        const auto r = c.send("POST", u"/_sim/clock/advance"_s, R"({"seconds":60})", {}, false);
        QCOMPARE(r.status, 404);
    }

private:
    SimProcess m_sim;
    SimClient m_api;
    QHash<QString, QString> m_tokens;
    QString m_acmePool, m_acmeInstance, m_globexPool;
};

QTEST_GUILESS_MAIN(TestSimAuth)
#include "tst_simauth.moc"
