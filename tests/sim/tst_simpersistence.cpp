// SPDX-License-Identifier: Apache-2.0

#include "support/simclient.h"

#include "common/constvalue.h"
#include "support/simprocess.h"
#include "support/testenv.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QNetworkReply>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

// The rows of a table of the store at `file`, read beside the sfsim that writes it; -1 while
// there is no store yet.
int rowCount(const QString& file, const QString& table)
{
    if (!QFileInfo::exists(file + u"-wal"_s))
        return -1;
    int rows = -1;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"row-count"_s);
        db.setDatabaseName(file);
        db.setConnectOptions(u"QSQLITE_OPEN_READONLY"_s);
        if (db.open()) {
            QSqlQuery q(db);
            if (q.exec(u"SELECT COUNT(*) FROM "_s + table) && q.next())
                rows = q.value(0).toInt();
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(u"row-count"_s);
    return rows;
}

} // namespace

// The store: restarts keep the world, kill -9 during writes leaves a database that opens and
// serves, the world is the same for the same seed, and the virtual clock runs at --time-scale.
class TestSimPersistence final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { TestEnv::init(); }

    void restartKeepsTheWorld()
    {
        SimProcess sim;
        QVERIFY2(sim.start(), qPrintable(sim.errorOutput()));
        QVERIFY(sim.standardOutput().contains("shown once"));
        const QJsonObject tokens = sim.tokens();
        SimClient api(sim.baseUrl());
        api.setToken(sim.token(u"acme-owner"_s));
        const QString pool =
            api.post(u"/preview/v2/pools"_s, {{u"workspace"_s, u"research"_s}, {u"name"_s, u"kept"_s}}).id();
        QVERIFY(!pool.isEmpty());
        const auto inst = api.post(u"/preview/v2/instances"_s, {{u"pool"_s, pool},
                                                                {u"instance_sku"_s, u"sea-3-h100"_s},
                                                                {u"image"_s, u"ubuntu-24.04-cuda-13.2"_s},
                                                                {u"name"_s, u"kept-1"_s}});
        QCOMPARE(inst.status, 201);
        QCOMPARE(api.post(u"/preview/v2/feature_flags/infiniband-preview"_s, {{u"enrolled"_s, true}}).status,
                 200);
        const QJsonObject skusBefore = api.get(u"/preview/v2/instance_skus"_s).json;
        sim.stop();
        QCOMPARE(sim.process().exitCode(), 0);

        QVERIFY2(sim.start(), qPrintable(sim.errorOutput()));
        QVERIFY(!sim.standardOutput().contains("shown once"));
        QVERIFY(!sim.standardOutput().contains("sk_live_"));
        QCOMPARE(sim.tokens(), tokens);
        api.setBaseUrl(sim.baseUrl());
        QCOMPARE(api.get(u"/preview/v2/pools/"_s + pool).json.value(u"name").toString(), u"kept"_s);
        QCOMPARE(api.get(u"/preview/v2/instances/"_s + inst.id()).json.value(u"name").toString(),
                 u"kept-1"_s);
        QCOMPARE(api.get(u"/preview/v2/infiniband_fabrics"_s).status, 200); // enrolment survived
        QCOMPARE(api.get(u"/preview/v2/instance_skus"_s).json, skusBefore);
        sim.stop();

        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"inspect-restart"_s);
        db.setDatabaseName(sim.dbFile());
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.exec(u"PRAGMA user_version"_s) && q.next());
        QCOMPARE(q.value(0).toInt(), 8);
        QVERIFY(q.exec(u"PRAGMA journal_mode"_s) && q.next());
        QCOMPARE(q.value(0).toString(), u"wal"_s);
        q.finish();
        db.close();
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(u"inspect-restart"_s);
    }

    // The store deleted while an sfsim still holds its write-ahead log: a second sfsim on the same
    // path refuses, while the first runs (it has the store) and after it was killed (with the
    // reason and what to do, rather than replaying the log onto an empty store); once the log is
    // gone it starts empty.
    void aLogWithoutItsStoreIsRefused()
    {
        SimProcess running;
        QVERIFY2(running.start(), qPrintable(running.errorOutput()));
        SimClient api(running.baseUrl());
        api.setToken(running.token(u"acme-owner"_s));
        QVERIFY(!api.post(u"/preview/v2/pools"_s, {{u"workspace"_s, u"research"_s}, {u"name"_s, u"logged"_s}})
                     .id()
                     .isEmpty());
        const QString file = running.dbFile();
        QVERIFY(QFileInfo(file + u"-wal"_s).size() > 0);
        QVERIFY(QFile::remove(file));

        SimProcess second;
        QVERIFY(!second.start({u"--db"_s, file}));
        QVERIFY2(second.errorOutput().contains(u"in use by sfsim"_s), qPrintable(second.errorOutput()));
        running.kill();
        QVERIFY(!second.start({u"--db"_s, file}));
        QVERIFY2(second.errorOutput().contains(u"write-ahead log"_s), qPrintable(second.errorOutput()));
        QVERIFY2(second.errorOutput().contains(file + u"-wal"_s), qPrintable(second.errorOutput()));
        QVERIFY(!QFileInfo::exists(file));

        QFile::remove(file + u"-wal"_s);
        QFile::remove(file + u"-shm"_s);
        QVERIFY2(second.start({u"--db"_s, file}), qPrintable(second.errorOutput()));
        QVERIFY(second.standardOutput().contains("shown once"));
    }

    // A store written by the previous sfsim (schema version 2) takes the list indexes of version 3
    // and the token digests of version 4 on the next start, and serves the instances it held.
    void upgradesAVersion2Store()
    {
        SimProcess sim;
        QVERIFY2(sim.start(), qPrintable(sim.errorOutput()));
        SimClient api(sim.baseUrl());
        api.setToken(sim.token(u"acme-owner"_s));
        const QString pool =
            api.post(u"/preview/v2/pools"_s, {{u"workspace"_s, u"default"_s}, {u"name"_s, u"old"_s}}).id();
        QStringList ids;
        for (int i = 0; i < 5; ++i)
            ids.prepend(api.post(u"/preview/v2/instances"_s, {{u"pool"_s, pool},
                                                              {u"instance_sku"_s, u"sea-3-h100"_s},
                                                              {u"image"_s, u"ubuntu-24.04-cuda-13.2"_s}})
                            .id());
        sim.stop();

        const auto inspect = [&sim](const QStringList& statements) {
            QStringList out;
            {
                QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"inspect-upgrade"_s);
                db.setDatabaseName(sim.dbFile());
                if (db.open()) {
                    QSqlQuery q(db);
                    for (const auto& sql : statements) {
                        if (!q.exec(sql)) {
                            out.append(u"failed: "_s + sql);
                            continue;
                        }
                        while (q.next())
                            out.append(q.value(0).toString());
                    }
                }
                db.close();
            }
            QSqlDatabase::removeDatabase(u"inspect-upgrade"_s);
            return out;
        };
        // Back to version 2 as the previous release left it: without the partitions' stored counts
        // (version 8), templates and deployments (version 7), the procurements and pool transfers (5), the
        // list indexes, and with the tokens themselves in the store rather than their digests.
        QStringList downgrade{
            // Version 8: the partitions' stored counts.
            u"DROP TRIGGER instances_count_insert"_s,
            u"DROP TRIGGER instances_count_update"_s,
            u"DROP TRIGGER instances_count_delete"_s,
            u"DROP TABLE partition_instance_counts"_s,
            u"DROP INDEX instances_deployment"_s,
            u"ALTER TABLE instances DROP COLUMN deployment_id"_s,
            u"DROP TABLE deployment_orders"_s,
            u"DROP TABLE deployments"_s,
            u"DROP TABLE instance_templates"_s,
            u"DROP TABLE procurements"_s,
            u"DROP TABLE pool_transfers"_s,
            u"DROP INDEX pool_allocations_start"_s,
            u"DROP INDEX pool_allocations_end"_s,
            u"DROP INDEX instances_pool_seq"_s,
            u"DROP INDEX instances_partition_seq"_s,
            u"DROP INDEX instances_partition_attached"_s,
            u"CREATE INDEX instances_partition ON instances(partition_id, infiniband_released_at)"_s};
        const QJsonObject tokens = sim.tokens();
        for (auto it = tokens.begin(); it != tokens.end(); ++it) {
            const QString label = it.key(), token = it.value().toString();
            downgrade
                << u"UPDATE grants SET token = '%1' WHERE token = (SELECT token FROM tokens WHERE label = '%2')"_s
                       .arg(token, label)
                << u"UPDATE tokens SET token = '%1' WHERE label = '%2'"_s.arg(token, label);
        }
        // Version 6 (uploaded images) undone too.
        downgrade << u"DROP TABLE image_transfers"_s << u"DROP TABLE image_parts"_s
                  << u"DROP INDEX images_name"_s << u"ALTER TABLE images DROP COLUMN deleted_at"_s
                  << u"ALTER TABLE images DROP COLUMN size"_s;
        downgrade << u"ALTER TABLE tokens DROP COLUMN hashed"_s << u"PRAGMA user_version = 2"_s;
        QCOMPARE(inspect(downgrade), QStringList());

        QVERIFY2(sim.start(), qPrintable(sim.errorOutput()));
        api.setBaseUrl(sim.baseUrl());
        const auto listed = api.get(u"/preview/v2/instances?limit=200&pool="_s + pool);
        QCOMPARE(listed.status, 200);
        QStringList got;
        for (const auto& v : constValue(listed.data()))
            got.append(v.toObject().value(u"id").toString());
        QCOMPARE(got, ids);
        sim.stop();
        QCOMPARE(inspect({u"PRAGMA user_version"_s,
                          u"SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'instances_p%' "
                          "ORDER BY name"_s}),
                 (QStringList{u"8"_s, u"instances_partition_attached"_s, u"instances_partition_seq"_s,
                              u"instances_pool"_s, u"instances_pool_seq"_s}));
        // The partitions' counts are back, with the triggers that keep them.
        QCOMPARE(inspect({u"SELECT name FROM sqlite_master WHERE name LIKE 'instances_count_%' OR name = "
                          "'partition_instance_counts' ORDER BY name"_s}),
                 (QStringList{u"instances_count_delete"_s, u"instances_count_insert"_s,
                              u"instances_count_update"_s, u"partition_instance_counts"_s}));
        // The upgrade replaced the tokens by their digests, and the same tokens still work.
        QCOMPARE(inspect({u"SELECT COUNT(*) FROM tokens WHERE hashed = 1 AND length(token) = 64"_s,
                          u"SELECT COUNT(*) FROM grants WHERE length(token) = 64"_s,
                          u"SELECT COUNT(*) FROM grants"_s}),
                 (QStringList{QString::number(tokens.size()), u"4"_s, u"4"_s}));
        QCOMPARE(sim.tokens(), tokens);
    }

    void sameSeedSameWorld()
    {
        const auto world = [](const QStringList& args) {
            SimProcess sim;
            if (!sim.start(args))
                return QStringList();
            SimClient api(sim.baseUrl());
            api.setToken(sim.token(u"acme-owner"_s));
            QStringList ids;
            for (const auto& path :
                 {u"/preview/v2/instance_skus"_s, u"/preview/v2/workspaces"_s, u"/preview/v2/images"_s}) {
                for (const auto& v : constValue(api.get(path).data()))
                    ids.append(v.toObject().value(u"id").toString());
            }
            return ids;
        };
        const QStringList a = world({u"--seed"_s, u"7"_s});
        const QStringList b = world({u"--seed"_s, u"7"_s});
        const QStringList c = world({u"--seed"_s, u"8"_s});
        QVERIFY(a.size() > 10);
        QCOMPARE(a, b);
        QVERIFY(a != c);
    }

    // kill -9 while writes are in flight: the store opens, passes its integrity check and serves
    // every write that was acknowledged.
    void killDuringBurstOfWrites()
    {
        SimProcess sim;
        QVERIFY2(sim.start(), qPrintable(sim.errorOutput()));
        const QString token = sim.token(u"acme-owner"_s);
        QStringList acknowledged;
        int finished = 0;
        QNetworkAccessManager nam;
        const int total = 400;
        for (int i = 0; i < total; ++i) {
            QNetworkRequest request(sim.baseUrl().resolved(QUrl(u"/preview/v2/pools"_s)));
            request.setRawHeader("Authorization", "Bearer " + token.toUtf8());
            request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
            const QByteArray body =
                QJsonDocument(QJsonObject{{u"workspace"_s, u"default"_s}, {u"name"_s, u"burst-%1"_s.arg(i)}})
                    .toJson(QJsonDocument::Compact);
            QNetworkReply* reply = nam.post(request, body);
            // The replies are `nam`'s, declared after the counts: gone before them.
            connect(reply, &QNetworkReply::finished, reply, [reply, ids = &acknowledged, count = &finished] {
                ++*count;
                if (reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt() == 201)
                    ids->append(QJsonDocument::fromJson(reply->readAll()).object().value(u"id").toString());
                reply->deleteLater();
            });
        }
        QTRY_VERIFY_WITH_TIMEOUT(acknowledged.size() >= 60, 20000);
        sim.kill();
        QTRY_COMPARE_WITH_TIMEOUT(finished, total, 10000);
        QVERIFY(acknowledged.size() < total);

        QVERIFY2(sim.start(), qPrintable(sim.errorOutput()));
        SimClient api(sim.baseUrl());
        api.setToken(token);
        QStringList stored;
        QString cursor;
        for (int page = 0; page < 10; ++page) {
            const auto r = api.get(u"/preview/v2/pools?workspace=default&limit=200"_s
                                   + (cursor.isEmpty() ? QString() : u"&starting_after="_s + cursor));
            QCOMPARE(r.status, 200);
            for (const auto& v : constValue(r.data()))
                stored.append(v.toObject().value(u"id").toString());
            cursor = r.json.value(u"cursor").toString();
            if (!r.json.value(u"has_more").toBool())
                break;
        }
        for (const auto& id : std::as_const(acknowledged))
            QVERIFY2(stored.contains(id), qPrintable(id));
        QVERIFY(stored.size() <= total);
        // It still takes writes.
        QCOMPARE(
            api.post(u"/preview/v2/pools"_s, {{u"workspace"_s, u"default"_s}, {u"name"_s, u"after-crash"_s}})
                .status,
            201);
        sim.stop();

        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"inspect-crash"_s);
        db.setDatabaseName(sim.dbFile());
        QVERIFY(db.open());
        {
            QSqlQuery q(db);
            QVERIFY(q.exec(u"PRAGMA integrity_check"_s) && q.next());
            QCOMPARE(q.value(0).toString(), u"ok"_s);
            QVERIFY(q.exec(u"PRAGMA foreign_key_check"_s));
            QVERIFY(!q.next());
        }
        db.close();
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(u"inspect-crash"_s);
    }

    // Killed while it seeds the demo world (its pools are in, its story is not), sfsim starts
    // again on a world that can be signed in to, and whole: the first start wrote its tokens
    // before the world was stored, and the next makes the half-made demo again.
    void killWhileSeedingTheDemoLeavesAUsableWorld()
    {
        SimProcess sim;
        QVERIFY(sim.launch({u"--demo"_s}));
        QTRY_VERIFY_WITH_TIMEOUT(rowCount(sim.dbFile(), u"pools"_s) > 0, 60000);
        sim.kill();
        // Killed before it listened: while seeding.
        QVERIFY(!sim.process().readAllStandardOutput().contains("listening"));

        QVERIFY2(sim.start({u"--demo"_s}, 120000), qPrintable(sim.errorOutput()));
        QVERIFY(!sim.token(u"acme-owner"_s).isEmpty());
        SimClient api(sim.baseUrl());
        api.setToken(sim.token(u"acme-owner"_s));
        QCOMPARE(api.get(u"/preview/v2/me"_s).status, 200);
        // The demo's story is all there: its pools once each, and the workers it ends with.
        QStringList pools;
        for (const auto& pool : constValue(api.get(u"/preview/v2/pools?limit=200"_s).data()))
            pools << pool.toObject().value(u"name").toString();
        QCOMPARE(pools.count(u"training-cluster"_s), 1);
        QStringList instances;
        for (const auto& instance : constValue(api.get(u"/preview/v2/instances?limit=200"_s).data()))
            instances << instance.toObject().value(u"name").toString();
        QVERIFY2(instances.contains(u"worker-0"_s) && instances.contains(u"worker-1"_s),
                 qPrintable(instances.join(u", "_s)));
        sim.stop();
        QVERIFY2(sim.errorOutput().contains(u"half made"_s), qPrintable(sim.errorOutput()));
    }

    // The tokens file lost (deleted, or never written by a start killed at the wrong moment): the
    // next start replaces the tokens it lacks and writes them, so the world can be signed in to.
    void lostTokensFileIsRecovered()
    {
        SimProcess sim;
        QVERIFY2(sim.start(), qPrintable(sim.errorOutput()));
        const QString before = sim.token(u"acme-owner"_s);
        const QString viewer = sim.token(u"acme-viewer"_s);
        SimClient api(sim.baseUrl());
        api.setToken(before);
        const QString pool =
            api.post(u"/preview/v2/pools"_s, {{u"workspace"_s, u"default"_s}, {u"name"_s, u"survives"_s}})
                .id();
        QVERIFY(!pool.isEmpty());
        sim.stop();
        QVERIFY(QFile::remove(sim.tokensFile()));

        QVERIFY2(sim.start(), qPrintable(sim.errorOutput()));
        const QString after = sim.token(u"acme-owner"_s);
        QVERIFY(!after.isEmpty());
        QVERIFY(after != before);
        api.setBaseUrl(sim.baseUrl());
        api.setToken(after);
        QCOMPARE(api.get(u"/preview/v2/me"_s).status, 200);
        QCOMPARE(api.get(u"/preview/v2/pools/"_s + pool).status, 200);
        // Every token is known again, each with its own grants.
        QCOMPARE(sim.tokens().keys(), (QStringList{u"acme-owner"_s, u"acme-research-writer"_s,
                                                   u"acme-viewer"_s, u"globex-owner"_s}));
        QCOMPARE(api.get(u"/preview/v2/me"_s, before).status, 401);
        QCOMPARE(api.get(u"/preview/v2/pools/"_s + pool, sim.token(u"globex-owner"_s)).status, 404);
        QVERIFY(sim.token(u"acme-viewer"_s) != viewer);
        sim.stop();
        QVERIFY2(sim.errorOutput().contains(u"replaced by new ones"_s), qPrintable(sim.errorOutput()));
        // A part of the file lost: only the missing tokens are new.
        QJsonObject partial = sim.tokens();
        partial.remove(u"globex-owner"_s);
        QFile file(sim.tokensFile());
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QJsonDocument(partial).toJson());
        file.close();
        QVERIFY2(sim.start(), qPrintable(sim.errorOutput()));
        QCOMPARE(sim.token(u"acme-owner"_s), after);
        QVERIFY(!sim.token(u"globex-owner"_s).isEmpty());
    }

    // Two simulators never share a store: the second is refused and says who has it; once the
    // first is gone, the store opens again.
    void secondSimulatorOnAStoreIsRefused()
    {
        SimProcess first;
        QVERIFY2(first.start(), qPrintable(first.errorOutput()));
        SimProcess second;
        QVERIFY(!second.start({u"--db"_s, first.dbFile()}));
        QCOMPARE(second.process().exitCode(), 1);
        const QString expected = u"is in use by sfsim (process %1)"_s.arg(first.process().processId());
        QVERIFY2(second.errorOutput().contains(expected), qPrintable(second.errorOutput()));
        // The first goes on serving, its files untouched.
        SimClient api(first.baseUrl());
        QCOMPARE(api.get(u"/preview/v2/me"_s, first.token(u"acme-owner"_s)).status, 200);
        first.stop();
        QVERIFY2(second.start({u"--db"_s, first.dbFile(), u"--tokens-file"_s, first.tokensFile()}),
                 qPrintable(second.errorOutput()));
        QCOMPARE(SimClient(second.baseUrl()).get(u"/preview/v2/me"_s, first.token(u"acme-owner"_s)).status,
                 200);
        // A simulator killed leaves its lock behind; it does not keep the next one out.
        second.kill();
        QVERIFY2(first.start(), qPrintable(first.errorOutput()));
    }

    void virtualClock()
    {
        SimProcess sim;
        QVERIFY2(sim.start({u"--control"_s, u"--time-scale"_s, u"3600"_s}), qPrintable(sim.errorOutput()));
        SimClient api(sim.baseUrl());
        const auto clock = [&api] {
            return api.send("GET", u"/_sim/clock"_s, {}, {}, false).json.value(u"now").toInteger();
        };
        // 3600 virtual seconds per real second. The server read its clock between the request
        // and the answer: between two readings at least the time from the first answer to the
        // second request went by, at most the time from the first request to the second answer.
        QElapsedTimer real;
        real.start();
        const qint64 first = clock();
        const qint64 firstAnswered = real.elapsed();
        qint64 second = first;
        qint64 secondAsked = 0;
        qint64 secondAnswered = 0;
        QVERIFY(QTest::qWaitFor(
            [&] {
                secondAsked = real.elapsed();
                second = clock();
                secondAnswered = real.elapsed();
                return second - first >= 3600;
            },
            10000));
        // The clocks count whole milliseconds and the answers whole seconds.
        const qint64 least = (secondAsked - firstAnswered - 2) * 3600 / 1000 - 1;
        const qint64 most = (secondAnswered + 2) * 3600 / 1000 + 1;
        QVERIFY2(second - first >= least && second - first <= most,
                 qPrintable(u"%1 virtual seconds in %2 to %3 ms"_s.arg(second - first)
                                .arg(secondAsked - firstAnswered)
                                .arg(secondAnswered)));
        const auto advanced = api.send("POST", u"/_sim/clock/advance"_s, R"({"seconds":86400})", {}, false);
        QCOMPARE(advanced.status, 200);
        QVERIFY(advanced.json.value(u"now").toInteger() >= second + 86400);
        QCOMPARE(api.send("POST", u"/_sim/clock/advance"_s, R"({"seconds":-5})", {}, false).status, 422);
        QCOMPARE(api.send("POST", u"/_sim/clock/advance"_s, R"({"seconds":"soon"})", {}, false).status, 422);
        QCOMPARE(api.send("POST", u"/_sim/clock/advance"_s, "{", {}, false).status, 400);
    }
};

QTEST_GUILESS_MAIN(TestSimPersistence)
#include "tst_simpersistence.moc"
