// SPDX-License-Identifier: Apache-2.0

#include "core/api/orderattempts.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

Q_DECLARE_METATYPE(OrderRequest)

// Which keys the user's attempts at placing orders send: the same one again only for the identical
// order after an attempt whose outcome nobody knows.
class TestOrderAttempts final : public QObject
{
    Q_OBJECT

private:
    static OrderRequest order()
    {
        OrderRequest request;
        request.pool = u"pool_a"_s;
        request.sku = u"isku_h100"_s;
        request.startAt = 1'790'006'400;
        request.endAt = 1'790'006'400 + 4 * 3600;
        request.nodeCount = 2;
        request.limitPrice = u"2.500000"_s;
        return request;
    }

private Q_SLOTS:
    void outcome_data()
    {
        QTest::addColumn<ApiError>("error");
        QTest::addColumn<bool>("unknown");
        const QByteArray envelope = R"({"error":{"type":"x","message":"m"}})";
        QTest::newRow("success") << ApiError() << false;
        QTest::newRow("connection closed")
            << ApiError::transport(TransportError::RemoteHostClosed, u"closed"_s) << true;
        QTest::newRow("connection refused")
            << ApiError::transport(TransportError::ConnectionRefused, u"refused"_s) << true;
        QTest::newRow("timeout") << ApiError::transport(TransportError::Timeout, u"timeout"_s) << true;
        QTest::newRow("tls") << ApiError::transport(TransportError::SslHandshakeFailed, u"tls"_s) << true;
        QTest::newRow("cancelled") << ApiError::cancelled() << true;
        QTest::newRow("unreadable body") << ApiError::invalidResponse(201, u"truncated"_s) << true;
        QTest::newRow("500") << ApiError::fromStatus(500, envelope) << true;
        QTest::newRow("502 without a body") << ApiError::fromStatus(502, {}) << true;
        QTest::newRow("503") << ApiError::fromStatus(503, envelope) << true;
        QTest::newRow("408") << ApiError::fromStatus(408, envelope) << true;
        QTest::newRow("409 key in use") << ApiError::fromStatus(409, envelope) << true;
        QTest::newRow("429") << ApiError::fromStatus(429, envelope) << true;
        QTest::newRow("400") << ApiError::fromStatus(400, envelope) << false;
        QTest::newRow("401") << ApiError::fromStatus(401, envelope) << false;
        QTest::newRow("402 balance") << ApiError::fromStatus(402, envelope) << false;
        QTest::newRow("403") << ApiError::fromStatus(403, envelope) << false;
        QTest::newRow("404 pool") << ApiError::fromStatus(404, envelope) << false;
        QTest::newRow("422 invalid") << ApiError::fromStatus(422, envelope) << false;
        QTest::newRow("insecure url") << ApiError::insecureUrl(QUrl(u"http://example.com"_s)) << false;
        QTest::newRow("no token") << ApiError::configuration(u"no token"_s) << false;
    }

    // After an attempt ends so, the identical order is sent again with the same key only when
    // the outcome is unknown.
    void outcome()
    {
        QFETCH(ApiError, error);
        QFETCH(bool, unknown);
        QCOMPARE(OrderAttempts::leavesOutcomeUnknown(error), unknown);

        OrderAttempts attempts;
        const QByteArray key = attempts.keyFor(order());
        QVERIFY(!key.isEmpty());
        attempts.finished(order(), key, error);
        QCOMPARE(attempts.isOutcomeUnknown(order()), unknown);
        QCOMPARE(attempts.keyFor(order()) == key, unknown);
        QCOMPARE(attempts.unknownCount(), unknown ? 1 : 0);
        // The retry's own outcome decides again: an answer settles it.
        attempts.finished(order(), attempts.keyFor(order()), ApiError());
        QVERIFY(!attempts.isOutcomeUnknown(order()));
        QVERIFY(attempts.keyFor(order()) != key);
        QCOMPARE(attempts.unknownCount(), 0);
    }

    void changedOrder_data()
    {
        QTest::addColumn<OrderRequest>("changed");
        const OrderRequest base = order();
        OrderRequest r = base;
        r.side = u"sell"_s;
        QTest::newRow("side") << r;
        r = base;
        r.nodeCount = 3;
        QTest::newRow("nodes") << r;
        r = base;
        r.startAt += 3600;
        QTest::newRow("start") << r;
        r = base;
        r.endAt += 3600;
        QTest::newRow("end") << r;
        r = base;
        r.limitPrice = u"2.510000"_s;
        QTest::newRow("limit") << r;
        r = base;
        r.pool = u"pool_b"_s;
        QTest::newRow("pool") << r;
        r = base;
        r.sku = u"isku_h200"_s;
        QTest::newRow("sku") << r;
        r = base;
        r.allowStanding = true;
        QTest::newRow("standing") << r;
        r = base;
        r.allowPartial = true;
        QTest::newRow("partial") << r;
    }

    // Another order after an unknown outcome gets its own key, and the first one's stays kept.
    void changedOrder()
    {
        QFETCH(OrderRequest, changed);
        OrderAttempts attempts;
        const QByteArray key = attempts.keyFor(order());
        attempts.finished(order(), key, ApiError::transport(TransportError::RemoteHostClosed, {}));
        QVERIFY(!attempts.isOutcomeUnknown(changed));
        const QByteArray other = attempts.keyFor(changed);
        QVERIFY(other != key);
        attempts.finished(changed, other, ApiError());
        QCOMPARE(attempts.keyFor(order()), key);

        // Both unknown: each keeps its own.
        const QByteArray third = attempts.keyFor(changed);
        attempts.finished(changed, third, ApiError::fromStatus(503, {}));
        QCOMPARE(attempts.keyFor(order()), key);
        QCOMPARE(attempts.keyFor(changed), third);
        QCOMPARE(attempts.unknownCount(), 2);
    }

    // A new key for every attempt at an order that has none kept.
    void freshKeysDiffer()
    {
        OrderAttempts attempts;
        const QByteArray a = attempts.keyFor(order());
        const QByteArray b = attempts.keyFor(order());
        QVERIFY(a != b);
        QVERIFY(a.size() <= 255);
    }

    // Only the most recent orders of unknown outcome are remembered.
    void rememberedOrdersAreBounded()
    {
        OrderAttempts attempts;
        QList<QByteArray> keys;
        for (int i = 0; i < OrderAttempts::MaxUnknown + 3; ++i) {
            OrderRequest request = order();
            request.nodeCount = i + 1;
            keys.append(attempts.keyFor(request));
            attempts.finished(request, keys.last(), ApiError::fromStatus(500, {}));
        }
        QCOMPARE(attempts.unknownCount(), OrderAttempts::MaxUnknown);
        OrderRequest oldest = order();
        oldest.nodeCount = 1;
        QVERIFY(!attempts.isOutcomeUnknown(oldest));
        OrderRequest newest = order();
        newest.nodeCount = OrderAttempts::MaxUnknown + 3;
        QCOMPARE(attempts.keyFor(newest), keys.last());
    }

    // Kept in a file, the key outlives the object (a restart); the server's day ends it.
    void keptAcrossRestartUntilExpiry()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"profile/attempts.json"_s);
        qint64 clock = 1'790'000'000;
        QByteArray key;
        {
            OrderAttempts attempts;
            attempts.setClock([&clock] { return clock; });
            attempts.setFile(path);
            key = attempts.keyFor(order());
            attempts.finished(order(), key, ApiError::fromStatus(503, {}));
        }
        OrderAttempts restarted;
        restarted.setClock([&clock] { return clock; });
        restarted.setFile(path);
        QVERIFY(restarted.isOutcomeUnknown(order()));
        QCOMPARE(restarted.keyFor(order()), key);
        clock += OrderAttempts::KeyLifetime - 1;
        QCOMPARE(restarted.keyFor(order()), key);
        clock += 1;
        QVERIFY(!restarted.isOutcomeUnknown(order()));
        QVERIFY(restarted.keyFor(order()) != key);
        OrderAttempts late;
        late.setClock([&clock] { return clock; });
        late.setFile(path);
        QCOMPARE(late.unknownCount(), 0);
    }

    // The orders list settles an attempt with the order it placed, once; an order of another
    // window, or created before the attempt, does not.
    void settledByTheOrdersList()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"a.json"_s);
        constexpr qint64 sent = 1'790'000'000;
        OrderAttempts attempts;
        attempts.setClock([] { return sent; });
        attempts.setFile(path);
        attempts.finished(order(), "k1", ApiError::transport(TransportError::RemoteHostClosed, {}));

        Order other;
        other.id = u"ordr_other"_s;
        other.pool.id = order().pool;
        other.side = u"buy"_s;
        other.sku.id = order().sku;
        other.delta = {{order().startAt, order().endAt + 3600, order().nodeCount}};
        other.limitPrice = {u"2.500000"_s, 2'500'000};
        other.createdAt = sent + 1;
        Order old = other;
        old.id = u"ordr_old"_s;
        old.delta = {{order().startAt, order().endAt, order().nodeCount}};
        old.createdAt = sent - 7200;
        QVERIFY(!attempts.settle({other, old}));
        QVERIFY(attempts.isOutcomeUnknown(order()));

        Order placed = old;
        placed.id = u"ordr_placed"_s;
        placed.createdAt = sent + 2;
        QVERIFY(attempts.settle({other, old, placed}));
        QVERIFY(!attempts.isOutcomeUnknown(order()));
        QCOMPARE(attempts.placedEarlier(order()), u"ordr_placed"_s);
        // The order is known: its key is no longer kept.
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray kept = file.readAll();
        QVERIFY(kept.contains("ordr_placed"));
        QVERIFY(!kept.contains("k1"));
        // The settlement is kept too.
        OrderAttempts restarted;
        restarted.setClock([] { return sent; });
        restarted.setFile(path);
        QCOMPARE(restarted.placedEarlier(order()), u"ordr_placed"_s);
        restarted.forget(order());
        QVERIFY(restarted.placedEarlier(order()).isEmpty());
        QVERIFY(restarted.keyFor(order()) != "k1");
    }

    void unreadableFile_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("cut short") << QByteArray(R"({"attempts":[{"request":{"pool":"pool_a")");
        QTest::newRow("binary") << QByteArray("\x00\xff\xfe garbage", 12);
        QTest::newRow("a list") << QByteArray("[1,2,3]");
        QTest::newRow("no attempts") << QByteArray(R"({"attempts":"none"})");
    }

    // A file that cannot be read warns that an order may be placed twice, is set aside and
    // replaced by the next attempt's record.
    void unreadableFile()
    {
        QFETCH(QByteArray, content);
        QTemporaryDir dir;
        const QString path = dir.filePath(u"attempts.json"_s);
        {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(content);
        }
        OrderAttempts attempts;
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression(u"could not be read .*placed twice"_s));
        attempts.setFile(path);
        QVERIFY2(attempts.problem().contains(u"placed twice"_s), qPrintable(attempts.problem()));
        QVERIFY2(attempts.problem().contains(path + u".unreadable"_s), qPrintable(attempts.problem()));
        QCOMPARE(attempts.unknownCount(), 0);
        QVERIFY(!QFile::exists(path));
        QFile aside(path + u".unreadable"_s);
        QVERIFY(aside.open(QIODevice::ReadOnly));
        QCOMPARE(aside.readAll(), content);

        const QByteArray key = attempts.keyFor(order());
        attempts.finished(order(), key, ApiError::fromStatus(502, {}));
        OrderAttempts restarted;
        restarted.setFile(path);
        QVERIFY(restarted.problem().isEmpty());
        QCOMPARE(restarted.keyFor(order()), key);
    }

    // Two running copies on one file (two windows of the same profile): each change is merged into
    // what the other wrote, nothing of the other's is dropped, and what one settled the other does
    // not bring back.
    void twoCopiesKeepEachOthersAttempts()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"profile/attempts.json"_s);
        constexpr qint64 now = 1'790'000'000;
        const auto orderOf = [](int nodes) {
            OrderRequest request = order();
            request.nodeCount = nodes;
            return request;
        };
        const ApiError lost = ApiError::transport(TransportError::RemoteHostClosed, {});
        OrderAttempts a;
        OrderAttempts b;
        for (OrderAttempts* copy : {&a, &b}) {
            copy->setClock([] { return now; });
            copy->setFile(path);
        }
        a.finished(orderOf(1), "key-a", lost);
        b.finished(orderOf(2), "key-b", lost);
        a.finished(orderOf(3), "key-a3", lost);
        const auto onDisk = [&path, &orderOf] {
            OrderAttempts reader;
            reader.setClock([] { return now; });
            reader.setFile(path);
            QList<QByteArray> keys;
            for (int nodes = 1; nodes <= 3; ++nodes) {
                if (reader.isOutcomeUnknown(orderOf(nodes)))
                    keys << reader.keyFor(orderOf(nodes));
            }
            return keys;
        };
        QCOMPARE(onDisk(), (QList<QByteArray>{"key-a", "key-b", "key-a3"}));
        // Each copy knows the other's attempts once it has saved: the identical order placed in
        // either window is sent with the key of the first attempt.
        QCOMPARE(a.keyFor(orderOf(2)), QByteArray("key-b"));
        QVERIFY(a.isOutcomeUnknown(orderOf(2)));

        // The second attempt at order 2, in b, placed it: the next save of a keeps it settled.
        b.finished(orderOf(2), "key-b", ApiError());
        QCOMPARE(onDisk(), (QList<QByteArray>{"key-a", "key-a3"}));
        a.forget(orderOf(3));
        QCOMPARE(onDisk(), QList<QByteArray>{"key-a"});
        QVERIFY(!a.isOutcomeUnknown(orderOf(2)));
        QVERIFY(a.saveProblem().isEmpty());
    }

    // A record that cannot be saved (a folder that cannot be written, a full disk) is said, with
    // what it means, until a save succeeds.
    void unsavedRecordIsReported()
    {
        QTemporaryDir dir;
        // Its folder is a file: no user, root included, can write there.
        QFile blocker(dir.filePath(u"profile"_s));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        OrderAttempts attempts;
        attempts.setFile(dir.filePath(u"profile/attempts.json"_s));
        QVERIFY(attempts.saveProblem().isEmpty());
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression(u"could not be saved .*placed twice"_s));
        attempts.finished(order(), "k", ApiError::fromStatus(503, {}));
        QVERIFY2(attempts.saveProblem().contains(u"could not be saved to "_s
                                                 + dir.filePath(u"profile/attempts.json"_s)),
                 qPrintable(attempts.saveProblem()));
        QVERIFY(attempts.saveProblem().contains(u"after a restart, such an order may be placed twice"_s));
        QCOMPARE(attempts.problem(), attempts.saveProblem());
        // The key is still used while the app runs.
        QVERIFY(attempts.isOutcomeUnknown(order()));
        QCOMPARE(attempts.keyFor(order()), QByteArray("k"));

        QVERIFY(blocker.remove());
        attempts.finished(order(), "k", ApiError::fromStatus(503, {}));
        QVERIFY(attempts.saveProblem().isEmpty());
        QVERIFY(attempts.problem().isEmpty());
        OrderAttempts restarted;
        restarted.setFile(dir.filePath(u"profile/attempts.json"_s));
        QCOMPARE(restarted.keyFor(order()), QByteArray("k"));
    }

    // A file never written (a first start) is no problem.
    void noFileYet()
    {
        QTemporaryDir dir;
        OrderAttempts attempts;
        attempts.setFile(dir.filePath(u"new/attempts.json"_s));
        QVERIFY(attempts.problem().isEmpty());
        QCOMPARE(attempts.unknownCount(), 0);
    }
};

QTEST_GUILESS_MAIN(TestOrderAttempts)
#include "tst_orderattempts.moc"
