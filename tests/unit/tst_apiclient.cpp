// SPDX-License-Identifier: Apache-2.0

#include "core/api/apiclient.h"
#include "support/fakenetworkaccessmanager.h"
#include "support/fixtures.h"
#include "support/postedevents.h"
#include "support/testenv.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QRestAccessManager>
#include <QRestReply>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>

using namespace sfdesk;

namespace {

QByteArray envelope(const QByteArray& type, const QByteArray& message, const QByteArray& details = "[]")
{
    return "{\"error\":{\"type\":\"" + type + "\",\"message\":\"" + message + "\",\"details\":" + details
           + "}}";
}

QByteArray instancePage(int first, int count, bool hasMore, const QByteArray& cursor)
{
    QJsonObject one = QJsonDocument::fromJson(Fixtures::bytes(QStringLiteral("instance.json"))).object();
    QJsonArray data;
    for (int i = first; i < first + count; ++i) {
        one.insert(QStringLiteral("id"), QStringLiteral("inst_%1").arg(i));
        data.append(one);
    }
    QJsonObject page{{QStringLiteral("object"), QStringLiteral("list")},
                     {QStringLiteral("data"), data},
                     {QStringLiteral("has_more"), hasMore}};
    page.insert(QStringLiteral("cursor"),
                cursor.isEmpty() ? QJsonValue() : QJsonValue(QString::fromLatin1(cursor)));
    return QJsonDocument(page).toJson(QJsonDocument::Compact);
}

ClientOptions fastOptions()
{
    ClientOptions options;
    options.retryBaseDelay = std::chrono::milliseconds(5);
    options.maxAttempts = 3;
    return options;
}

} // namespace

class TestApiClient final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { TestEnv::init(); }

    // The premise of the fake: QRestAccessManager callbacks fire for its replies.
    void restCallbacksFireForFakeReplies()
    {
        FakeNetworkAccessManager network;
        network.enqueueJson(200, R"({"ok":true})");
        QRestAccessManager rest(&network);
        bool called = false;
        QObject context;
        rest.get(QNetworkRequest(QUrl(QStringLiteral("https://example.test/x"))), &context,
                 [&called](QRestReply& reply) {
                     called = true;
                     QVERIFY(reply.isSuccess());
                     QCOMPARE(reply.httpStatus(), 200);
                     const auto json = reply.readJson();
                     QVERIFY(json);
                     QCOMPARE(json->object().value(u"ok").toBool(), true);
                 });
        QVERIFY(!called); // finished is queued, as for a real reply
        QTRY_VERIFY(called);
    }

    void requestCarriesHeadersAndBaseUrl()
    {
        FakeNetworkAccessManager network;
        network.enqueueJson(200, Fixtures::bytes(QStringLiteral("me.json")));
        ApiClient client(QUrl(QStringLiteral("https://api.sfcompute.com")), &network);
        client.setToken(QStringLiteral("sk_live_secret"));
        Account account;
        QSignalSpy failed(&client, &ApiClient::unauthorized);
        client.me().onSuccess(this, [&account](const Account& a) { account = a; });
        QTRY_COMPARE(account.accountId, QStringLiteral("acme-corp"));
        QCOMPARE(network.requests.size(), size_t(1));
        const QNetworkRequest& request = network.requests.front().request;
        QCOMPARE(request.url(), QUrl(QStringLiteral("https://api.sfcompute.com/preview/v2/me")));
        QCOMPARE(request.rawHeader("Authorization"), QByteArray("Bearer sk_live_secret"));
        QCOMPARE(request.rawHeader("Accept"), QByteArray("application/json"));
        QVERIFY(request.rawHeader("User-Agent").startsWith("sfdesk/" SFDESK_VERSION));
        QCOMPARE(request.transferTimeoutAsDuration(), std::chrono::milliseconds(30000));
        QCOMPARE(account.userEmail, QStringLiteral("jane@acme.example"));
    }

    void baseUrls_data()
    {
        QTest::addColumn<QString>("server");
        QTest::addColumn<QString>("base");
        QTest::newRow("root") << "https://api.sfcompute.com" << "https://api.sfcompute.com/preview/v2";
        QTest::newRow("trailing slash")
            << "https://api.sfcompute.com/" << "https://api.sfcompute.com/preview/v2";
        QTest::newRow("already there")
            << "http://127.0.0.1:8080/preview/v2" << "http://127.0.0.1:8080/preview/v2";
    }

    void baseUrls()
    {
        QFETCH(QString, server);
        QFETCH(QString, base);
        QCOMPARE(ApiClient::apiBaseUrl(QUrl(server)), QUrl(base));
    }

    void allowedUrls_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<bool>("allowed");
        QTest::newRow("https") << "https://api.sfcompute.com" << true;
        QTest::newRow("http loopback v4") << "http://127.0.0.1:4000" << true;
        QTest::newRow("http loopback v6") << "http://[::1]:4000" << true;
        QTest::newRow("http localhost") << "http://localhost:4000" << true;
        QTest::newRow("http remote") << "http://api.sfcompute.com" << false;
        QTest::newRow("http lan") << "http://192.168.1.5:4000" << false;
        QTest::newRow("ftp") << "ftp://127.0.0.1" << false;
        QTest::newRow("garbage") << "not a url" << false;
    }

    void allowedUrls()
    {
        QFETCH(QString, url);
        QFETCH(bool, allowed);
        QString why;
        QCOMPARE(ApiClient::isAllowedServerUrl(QUrl(url), &why), allowed);
        QCOMPARE(why.isEmpty(), allowed);
    }

    void plainHttpToARemoteHostIsRefusedWithoutSending()
    {
        FakeNetworkAccessManager network;
        ApiClient client(QUrl(QStringLiteral("http://api.sfcompute.com")), &network);
        client.setToken(QStringLiteral("test-token"));
        ApiCall* call = client.workspaces();
        QSignalSpy failed(call, &ApiCall::failed);
        QVERIFY(failed.wait());
        const auto error = failed.first().first().value<ApiError>();
        QCOMPARE(error.kind(), ApiError::Kind::InsecureUrl);
        QVERIFY(error.message().contains(u"api.sfcompute.com"));
        QVERIFY(network.requests.empty());
    }

    void paginationFollowsTheCursor()
    {
        FakeNetworkAccessManager network;
        network.enqueueJson(200, instancePage(0, 2, true, "nodec_a"));
        network.enqueueJson(200, instancePage(2, 2, true, "nodec_b"));
        network.enqueueJson(200, instancePage(4, 1, false, {}));
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:1")), &network);
        client.setToken(QStringLiteral("test-token"));
        ApiCall* call = client.instances(QStringLiteral("default"));
        QSignalSpy progress(call, &ApiCall::progress);
        QSignalSpy succeeded(call, &ApiCall::succeeded);
        QVERIFY(succeeded.wait());
        const auto instances = succeeded.first().first().value<QList<Instance>>();
        QCOMPARE(instances.size(), 5);
        QCOMPARE(instances.last().id, QStringLiteral("inst_4"));
        QCOMPARE(progress.size(), 3);
        QCOMPARE(network.requests.size(), size_t(3));
        const QUrlQuery first(network.requests.at(0).request.url());
        QCOMPARE(first.queryItemValue(QStringLiteral("workspace")), QStringLiteral("default"));
        QCOMPARE(first.queryItemValue(QStringLiteral("limit")), QStringLiteral("200"));
        QVERIFY(!first.hasQueryItem(QStringLiteral("starting_after")));
        QCOMPARE(
            QUrlQuery(network.requests.at(1).request.url()).queryItemValue(QStringLiteral("starting_after")),
            QStringLiteral("nodec_a"));
        QCOMPARE(
            QUrlQuery(network.requests.at(2).request.url()).queryItemValue(QStringLiteral("starting_after")),
            QStringLiteral("nodec_b"));
    }

    // A server bug that hands back a cursor already followed would loop for ever: the list fails
    // with a clear error instead of showing a part as the whole.
    void paginationFailsOnARepeatedCursor()
    {
        FakeNetworkAccessManager network;
        network.enqueueJson(200, instancePage(0, 1, true, "nodec_a"));
        network.enqueueJson(200, instancePage(1, 1, true, "nodec_a"));
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:1")), &network);
        client.setToken(QStringLiteral("test-token"));
        ApiCall* call = client.instances();
        QSignalSpy failed(call, &ApiCall::failed);
        QVERIFY(failed.wait());
        QCOMPARE(failed.first().first().value<ApiError>().kind(), ApiError::Kind::InvalidResponse);
        QCOMPARE(network.requests.size(), size_t(2));
    }

    void paginationFailsOnACursorCycle()
    {
        FakeNetworkAccessManager network;
        network.enqueueJson(200, instancePage(0, 1, true, "nodec_a"));
        network.enqueueJson(200, instancePage(1, 1, true, "nodec_b"));
        network.enqueueJson(200, instancePage(2, 1, true, "nodec_a"));
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:1")), &network);
        client.setToken(QStringLiteral("test-token"));
        ApiCall* call = client.instances();
        QSignalSpy failed(call, &ApiCall::failed);
        QVERIFY(failed.wait());
        const auto error = failed.first().first().value<ApiError>();
        QCOMPARE(error.kind(), ApiError::Kind::InvalidResponse);
        QVERIFY2(error.message().contains(u"page already read"), qPrintable(error.message()));
        QCOMPARE(network.requests.size(), size_t(3));
    }

    void paginationFailsWhenPagesNeverEnd()
    {
        FakeNetworkAccessManager network;
        for (int i = 0; i < 10; ++i)
            network.enqueueJson(200, instancePage(i, 1, true, "nodec_" + QByteArray::number(i)));
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:1")), &network);
        client.setToken(QStringLiteral("test-token"));
        ClientOptions options = fastOptions();
        options.maxPages = 4;
        client.setOptions(options);
        ApiCall* call = client.instances();
        QSignalSpy failed(call, &ApiCall::failed);
        QVERIFY(failed.wait());
        QCOMPARE(failed.first().first().value<ApiError>().kind(), ApiError::Kind::InvalidResponse);
        QCOMPARE(network.requests.size(), size_t(4));
    }

    // Nothing goes out before the token is known: the call fails at once, and says why.
    void noRequestWithoutAToken()
    {
        FakeNetworkAccessManager network;
        network.enqueueJson(200, Fixtures::bytes(QStringLiteral("me.json")));
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:1")), &network);
        ApiCall* call = client.me();
        QSignalSpy failed(call, &ApiCall::failed);
        QVERIFY(failed.wait());
        QCOMPARE(failed.first().first().value<ApiError>().kind(), ApiError::Kind::NotSignedIn);
        QVERIFY(network.requests.empty());
    }

    // A DELETE whose first answer was lost may have done its work: the retry's 404 is success.
    void repeatedDeleteFindsItsWorkDone()
    {
        FakeNetworkAccessManager network;
        network.enqueueError(QNetworkReply::RemoteHostClosedError);
        network.enqueueJson(404, envelope("not_found", "No such pool."));
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:1")), &network);
        client.setToken(QStringLiteral("test-token"));
        client.setOptions(fastOptions());
        QSignalSpy wrote(&client, &ApiClient::wrote);
        ApiCall* call = client.deletePool(QStringLiteral("pool_1"));
        QSignalSpy succeeded(call, &ApiCall::succeeded);
        QVERIFY(succeeded.wait());
        QCOMPARE(network.requests.size(), size_t(2));
        QCOMPARE(wrote.size(), 1);
    }

    // A cancel whose answer was lost, retried: "cannot be cancelled" because the first attempt
    // cancelled it is success; the order's status tells.
    void repeatedCancelFindsTheOrderCancelled()
    {
        QFETCH(QByteArray, status);
        QFETCH(bool, success);
        FakeNetworkAccessManager network;
        network.enqueueError(QNetworkReply::RemoteHostClosedError);
        network.enqueueJson(422, envelope("unprocessable_entity", "Order cannot be cancelled."));
        QJsonObject order = QJsonDocument::fromJson(Fixtures::bytes(QStringLiteral("order.json"))).object();
        order.insert(QStringLiteral("status"), QString::fromLatin1(status));
        network.enqueueJson(200, QJsonDocument(order).toJson(QJsonDocument::Compact));
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:1")), &network);
        client.setToken(QStringLiteral("test-token"));
        client.setOptions(fastOptions());
        ApiCall* call = client.cancelOrder(QStringLiteral("ordr_1"));
        QSignalSpy succeeded(call, &ApiCall::succeeded);
        QSignalSpy failed(call, &ApiCall::failed);
        QVERIFY(QTest::qWaitFor([&] { return !succeeded.isEmpty() || !failed.isEmpty(); }, 5000));
        QCOMPARE(succeeded.size(), success ? 1 : 0);
        if (!success)
            QCOMPARE(failed.first().first().value<ApiError>().httpStatus(), 422);
        QCOMPARE(network.requests.size(), size_t(3));
        QCOMPARE(network.requests.at(2).operation, QNetworkAccessManager::GetOperation);
        QVERIFY(network.requests.at(2).request.url().path().endsWith(u"/orders/ordr_1"));
    }
    void repeatedCancelFindsTheOrderCancelled_data()
    {
        QTest::addColumn<QByteArray>("status");
        QTest::addColumn<bool>("success");
        QTest::newRow("cancelled by the first attempt") << QByteArray("cancelled") << true;
        QTest::newRow("filled meanwhile") << QByteArray("filled") << false;
    }

    // Without a lost answer a 404 is what it says.
    void deleteOfSomethingMissingFails()
    {
        FakeNetworkAccessManager network;
        network.enqueueJson(404, envelope("not_found", "No such pool."));
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:1")), &network);
        client.setToken(QStringLiteral("test-token"));
        client.setOptions(fastOptions());
        ApiCall* call = client.deletePool(QStringLiteral("pool_1"));
        QSignalSpy failed(call, &ApiCall::failed);
        QVERIFY(failed.wait());
        QCOMPARE(failed.first().first().value<ApiError>().httpStatus(), 404);
    }

    // Reads and previews change nothing on the server; writes are announced so lists refresh.
    void writesAreAnnounced()
    {
        FakeNetworkAccessManager network;
        network.setRouteJson(QStringLiteral("/pools"), 200, Fixtures::bytes(QStringLiteral("pools.json")));
        network.setRouteJson(QStringLiteral("/order_preview"), 200,
                             Fixtures::bytes(QStringLiteral("order_preview_quoted.json")));
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:1")), &network);
        client.setToken(QStringLiteral("test-token"));
        QSignalSpy wrote(&client, &ApiClient::wrote);
        QSignalSpy listed(client.pools(), &ApiCall::finished);
        QVERIFY(listed.wait());
        QSignalSpy previewed(client.orderPreview({}), &ApiCall::finished);
        QVERIFY(previewed.wait());
        QCOMPARE(wrote.size(), 0);
        QJsonObject pool = QJsonDocument::fromJson(Fixtures::bytes(QStringLiteral("pools.json")))
                               .object()[u"data"]
                               .toArray()
                               .first()
                               .toObject();
        network.setRouteJson(QStringLiteral("/pools"), 201, QJsonDocument(pool).toJson());
        QSignalSpy created(
            client.createPool(QStringLiteral("wksp_Zx1Yw2Vu3Ts4Rq5Po6Nm7"), QStringLiteral("p")),
            &ApiCall::succeeded);
        QVERIFY(created.wait());
        QCOMPARE(wrote.size(), 1);
        QCOMPARE(wrote.first().first().toString(), QStringLiteral("/pools"));
    }

    void pageByPage()
    {
        FakeNetworkAccessManager network;
        network.enqueueJson(200, instancePage(0, 3, true, "nodec_next"));
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:1")), &network);
        client.setToken(QStringLiteral("test-token"));
        ApiCall* call = client.instancesPage({}, QStringLiteral("nodec_prev"));
        QSignalSpy succeeded(call, &ApiCall::succeeded);
        QVERIFY(succeeded.wait());
        const auto page = succeeded.first().first().value<Page<Instance>>();
        QCOMPARE(page.items.size(), 3);
        QVERIFY(page.hasMore);
        QCOMPARE(page.cursor, QStringLiteral("nodec_next"));
        QCOMPARE(
            QUrlQuery(network.requests.at(0).request.url()).queryItemValue(QStringLiteral("starting_after")),
            QStringLiteral("nodec_prev"));
    }

    void getIsRetriedAfterTransientFailures()
    {
        FakeNetworkAccessManager network;
        network.enqueueJson(503, envelope("service_unavailable", "Try again later."));
        network.enqueueError(QNetworkReply::RemoteHostClosedError);
        network.enqueueJson(200, Fixtures::bytes(QStringLiteral("workspaces.json")));
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:1")), &network);
        client.setToken(QStringLiteral("test-token"));
        client.setOptions(fastOptions());
        ApiCall* call = client.workspaces();
        QSignalSpy succeeded(call, &ApiCall::succeeded);
        QSignalSpy failed(call, &ApiCall::failed);
        QVERIFY(succeeded.wait());
        QCOMPARE(succeeded.first().first().value<QList<Workspace>>().size(), 3);
        QCOMPARE(failed.size(), 0);
        QCOMPARE(network.requests.size(), size_t(3));
    }

    void unreadableBodyIsRepeatedButAWrongShapeIsNot()
    {
        FakeNetworkAccessManager network;
        FakeNetworkAccessManager::Reply cut;
        cut.status = 200;
        cut.body = QByteArray(R"({"object":"list","data":[{"id":)");
        network.enqueue(cut);
        network.enqueueJson(200, Fixtures::bytes(QStringLiteral("workspaces.json")));
        FakeNetworkAccessManager::Reply wrongShape;
        wrongShape.status = 200;
        wrongShape.body = QByteArray(R"({"object":"list","data":{}})");
        network.enqueue(wrongShape);
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:1")), &network);
        client.setToken(QStringLiteral("test-token"));
        client.setOptions(fastOptions());

        ApiCall* call = client.workspaces();
        QSignalSpy succeeded(call, &ApiCall::succeeded);
        QVERIFY(succeeded.wait());
        QCOMPARE(network.requests.size(), size_t(2));

        call = client.workspaces();
        QSignalSpy failed(call, &ApiCall::failed);
        QVERIFY(failed.wait());
        QCOMPARE(failed.first().first().value<ApiError>().kind(), ApiError::Kind::InvalidResponse);
        QCOMPARE(network.requests.size(), size_t(3));
    }

    void retriesGiveUpAfterMaxAttempts()
    {
        FakeNetworkAccessManager network;
        for (int i = 0; i < 5; ++i)
            network.enqueueJson(500, envelope("api_error", "boom"));
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:1")), &network);
        client.setToken(QStringLiteral("test-token"));
        client.setOptions(fastOptions());
        ApiCall* call = client.workspaces();
        QSignalSpy failed(call, &ApiCall::failed);
        QVERIFY(failed.wait());
        QCOMPARE(network.requests.size(), size_t(3));
        QCOMPARE(failed.first().first().value<ApiError>().httpStatus(), 500);
    }

    void nonIdempotentPostIsNotRetried()
    {
        FakeNetworkAccessManager network;
        network.enqueueError(QNetworkReply::RemoteHostClosedError);
        network.enqueueJson(201, Fixtures::bytes(QStringLiteral("instance.json")));
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:1")), &network);
        client.setToken(QStringLiteral("test-token"));
        client.setOptions(fastOptions());
        NewInstance instance;
        instance.pool = QStringLiteral("dev");
        instance.image = QStringLiteral("ubuntu");
        instance.sku = QStringLiteral("isku_x");
        instance.cloudInitUserData = "#!/bin/sh\necho hi\n";
        instance.infinibandPartition = QStringLiteral("train");
        ApiCall* call = client.createInstance(instance);
        QSignalSpy failed(call, &ApiCall::failed);
        QVERIFY(failed.wait());
        QCOMPARE(network.requests.size(), size_t(1));
        const QJsonObject body = QJsonDocument::fromJson(network.requests.front().body).object();
        QCOMPARE(body.value(u"cloud_init_user_data").toString(),
                 QString::fromLatin1(QByteArray("#!/bin/sh\necho hi\n").toBase64()));
        QCOMPARE(body.value(u"infiniband_partition").toString(), QStringLiteral("train"));
        QCOMPARE(body.value(u"_preview_enable_infiniband").toBool(), true);
        QVERIFY(network.requests.front().request.rawHeader("Idempotency-Key").isEmpty());
    }

    // A dropped response must not place a second order: the retry carries the same key.
    void orderCreationReusesItsIdempotencyKey()
    {
        FakeNetworkAccessManager network;
        network.enqueueError(QNetworkReply::RemoteHostClosedError);
        network.enqueueJson(503, envelope("service_unavailable", "Try again later."));
        network.enqueueJson(201, Fixtures::bytes(QStringLiteral("order.json")));
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:1")), &network);
        client.setToken(QStringLiteral("test-token"));
        client.setOptions(fastOptions());
        OrderRequest request;
        request.pool = QStringLiteral("pool_nuO4nVSM8O3NnsRE7udBe");
        request.sku = QStringLiteral("isku_cxcwpDW93MaaBelmnLaez");
        request.startAt = 1784592000;
        request.endAt = 1784592000 + 7200;
        request.nodeCount = 2;
        request.limitPrice = QStringLiteral("2.500000");
        ApiCall* call = client.createOrder(request);
        QSignalSpy succeeded(call, &ApiCall::succeeded);
        QSignalSpy failed(call, &ApiCall::failed);
        QVERIFY(succeeded.wait());
        QCOMPARE(failed.size(), 0);
        QCOMPARE(succeeded.size(), 1);
        QCOMPARE(network.requests.size(), size_t(3));
        const QByteArray key = network.requests.at(0).request.rawHeader("Idempotency-Key");
        QVERIFY(!key.isEmpty());
        for (const auto& sent : network.requests) {
            QCOMPARE(sent.request.rawHeader("Idempotency-Key"), key);
            QCOMPARE(sent.body, network.requests.at(0).body);
        }
        const QJsonObject body = QJsonDocument::fromJson(network.requests.at(0).body).object();
        QCOMPARE(body.value(u"allocation_schedule_delta")
                     .toArray()
                     .first()
                     .toObject()
                     .value(u"node_count")
                     .toInt(),
                 2);
        // A second order gets its own key.
        network.enqueueJson(201, Fixtures::bytes(QStringLiteral("order.json")));
        QSignalSpy second(client.createOrder(request), &ApiCall::succeeded);
        QVERIFY(second.wait());
        QVERIFY(network.requests.back().request.rawHeader("Idempotency-Key") != key);
    }

    // The caller's key goes out on every attempt; the server answering a repeated key with the
    // order it placed before (201 and the order) is a success like any other.
    void orderCreationSendsTheCallersKey()
    {
        FakeNetworkAccessManager network;
        network.enqueueError(QNetworkReply::RemoteHostClosedError);
        network.enqueueJson(201, Fixtures::bytes(QStringLiteral("order.json")));
        network.enqueueJson(201, Fixtures::bytes(QStringLiteral("order.json")));
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:1")), &network);
        client.setToken(QStringLiteral("test-token"));
        client.setOptions(fastOptions());
        OrderRequest request;
        request.pool = QStringLiteral("pool_nuO4nVSM8O3NnsRE7udBe");
        request.sku = QStringLiteral("isku_cxcwpDW93MaaBelmnLaez");
        request.startAt = 1784592000;
        request.endAt = 1784592000 + 3600;
        request.nodeCount = 1;
        request.limitPrice = QStringLiteral("2.500000");
        const QByteArray key = "attempt-7f3c";
        QSignalSpy first(client.createOrder(request, key), &ApiCall::succeeded);
        QVERIFY(first.wait());
        QSignalSpy again(client.createOrder(request, key), &ApiCall::succeeded);
        QVERIFY(again.wait());
        QCOMPARE(network.requests.size(), size_t(3));
        for (const auto& sent : network.requests)
            QCOMPARE(sent.request.rawHeader("Idempotency-Key"), key);
        QCOMPARE(again.first().first().value<Order>().id, first.first().first().value<Order>().id);

        // No key from the caller: one is made up, never none at all.
        network.enqueueJson(201, Fixtures::bytes(QStringLiteral("order.json")));
        QSignalSpy unkeyed(client.createOrder(request, QByteArray(" ")), &ApiCall::succeeded);
        QVERIFY(unkeyed.wait());
        const QByteArray made = network.requests.back().request.rawHeader("Idempotency-Key");
        QVERIFY(!made.trimmed().isEmpty());
        QVERIFY(made != key);
    }

    void errors_data()
    {
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<int>("networkError");
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("sentence");
        QTest::addColumn<int>("details");
        QTest::addColumn<int>("reason");

        const auto http = static_cast<int>(ApiError::Kind::Http);
        QTest::newRow("401") << 401 << envelope("authentication_error", "Invalid token") << 0 << http
                             << "The server did not accept the token. Check the token of this connection."
                             << 0 << int(ApiError::Reason::TokenRejected);
        QTest::newRow("403 missing grant")
            << 403 << envelope("forbidden", "Missing grant instance:write on production") << 0 << http
            << "The token is not allowed to do this: Missing grant instance:write on production" << 0
            << int(ApiError::Reason::Forbidden);
        QTest::newRow("403 flag not enrolled")
            << 403 << envelope("forbidden", "Feature not enabled.") << 0 << http
            << "This is a preview feature the account is not enrolled in." << 0
            << int(ApiError::Reason::NotEnrolled);
        QTest::newRow("402") << 402 << envelope("payment_required", "Balance too low.") << 0 << http
                             << "The balance is too low for this order: Balance too low." << 0
                             << int(ApiError::Reason::InsufficientFunds);
        QTest::newRow("404") << 404 << envelope("not_found", "Instance not found") << 0 << http
                             << "Not found: Instance not found" << 0 << int(ApiError::Reason::NotFound);
        QTest::newRow("409 with details")
            << 409
            << envelope("conflict", "Partition has attached instances.",
                        R"([{"code":"attached_instance","field":null,"message":"inst_a is attached"},)"
                        R"({"code":"pending_release","message":"inst_b is terminated"}])")
            << 0 << http
            << "The request conflicts with the current state: Partition has attached instances. "
               "(inst_a is attached; inst_b is terminated)"
            << 2 << int(ApiError::Reason::Conflict);
        QTest::newRow("422 with details")
            << 422
            << envelope("unprocessable_entity", "Invalid order",
                        R"([{"field":"node_count","code":"too_small","message":"must be at least 1"}])")
            << 0 << http
            << "The server could not process the request: Invalid order (node_count: must be at least 1)" << 1
            << int(ApiError::Reason::Invalid);
        QTest::newRow("500 without envelope")
            << 500 << QByteArray("<html>oops</html>") << 0 << http << "The server failed (HTTP 500)." << 0
            << int(ApiError::Reason::ServerError);
        QTest::newRow("timeout") << 0 << QByteArray() << static_cast<int>(QNetworkReply::TimeoutError)
                                 << static_cast<int>(ApiError::Kind::Timeout)
                                 << "The server did not answer in time. Check the connection and try again."
                                 << 0 << int(ApiError::Reason::Unreachable);
        QTest::newRow("refused") << 0 << QByteArray()
                                 << static_cast<int>(QNetworkReply::ConnectionRefusedError)
                                 << static_cast<int>(ApiError::Kind::Transport)
                                 << "The server refused the connection. Is it running?" << 0
                                 << int(ApiError::Reason::Unreachable);
        QTest::newRow("tls")
            << 0 << QByteArray() << static_cast<int>(QNetworkReply::SslHandshakeFailedError)
            << static_cast<int>(ApiError::Kind::Tls)
            << "The secure connection to the server could not be verified: fake network error 6" << 0
            << int(ApiError::Reason::Unreachable);
        QTest::newRow("truncated body")
            << 200 << QByteArray(R"({"object":"list","data":[{"id":)") << 0
            << static_cast<int>(ApiError::Kind::InvalidResponse)
            << "The server sent a response the app cannot read:" << 0 << int(ApiError::Reason::BadResponse);
        QTest::newRow("wrong shape")
            << 200 << QByteArray(R"({"object":"list","data":{}})") << 0
            << static_cast<int>(ApiError::Kind::InvalidResponse)
            << "The server sent a response the app cannot read: list.data: expected a list" << 0
            << int(ApiError::Reason::BadResponse);
    }

    void errors()
    {
        QFETCH(int, status);
        QFETCH(QByteArray, body);
        QFETCH(int, networkError);
        QFETCH(int, kind);
        QFETCH(QString, sentence);
        QFETCH(int, details);
        QFETCH(int, reason);

        FakeNetworkAccessManager network;
        ClientOptions options = fastOptions();
        options.maxAttempts = 1;
        FakeNetworkAccessManager::Reply reply;
        reply.status = status;
        reply.body = body;
        reply.error = static_cast<QNetworkReply::NetworkError>(networkError);
        network.enqueue(reply);
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:1")), &network);
        client.setToken(QStringLiteral("test-token"));
        client.setOptions(options);
        QSignalSpy unauthorized(&client, &ApiClient::unauthorized);
        ApiCall* call = client.workspaces();
        QSignalSpy failed(call, &ApiCall::failed);
        QSignalSpy succeeded(call, &ApiCall::succeeded);
        QVERIFY(failed.wait());
        QCOMPARE(succeeded.size(), 0);
        const auto error = failed.first().first().value<ApiError>();
        QCOMPARE(static_cast<int>(error.kind()), kind);
        QVERIFY2(error.message().startsWith(sentence), qPrintable(error.message()));
        QCOMPARE(error.details().size(), details);
        // What the GUI decides on, rather than on the status.
        QCOMPARE(int(error.reason()), reason);
        if (status >= 400)
            QCOMPARE(error.httpStatus(), status);
        QCOMPARE(unauthorized.size(), status == 401 ? 1 : 0);
        QVERIFY(!error.technicalDetails().isEmpty());
    }

    // The status says what went wrong; the network error Qt sets for it (content not found, ...)
    // is no transport failure and is not repeated in the details.
    void anHttpErrorStatusIsNoNetworkError()
    {
        FakeNetworkAccessManager network;
        ClientOptions options = fastOptions();
        options.maxAttempts = 1;
        network.enqueueJson(404, R"({"error":{"type":"not_found","message":"no such workspace"}})");
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:1")), &network);
        client.setToken(QStringLiteral("test-token"));
        client.setOptions(options);
        ApiCall* call = client.workspaces();
        QSignalSpy failed(call, &ApiCall::failed);
        QVERIFY(failed.wait());
        const auto error = failed.first().first().value<ApiError>();
        QCOMPARE(error.kind(), ApiError::Kind::Http);
        QCOMPARE(error.networkError(), TransportError::NoError);
        QVERIFY(error.networkErrorString().isEmpty());
        QCOMPARE(error.technicalDetails(),
                 QStringLiteral("HTTP 404\ntype: not_found\nmessage: no such workspace"));
    }

    // A simulator reset or a new sign-in replaces the token while calls are out: their 401 is about
    // the old token and must not sign the new one out. A 401 for the new token still does.
    void aRefusedOldTokenSaysNothingOfTheNewOne()
    {
        FakeNetworkAccessManager network;
        ClientOptions options = fastOptions();
        options.maxAttempts = 1;
        network.enqueueJson(401, R"({"error":{"type":"unauthorized","message":"unknown token"}})");
        network.enqueueJson(401, R"({"error":{"type":"unauthorized","message":"unknown token"}})");
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:1")), &network);
        client.setOptions(options);
        client.setToken(QStringLiteral("old-token"));
        QSignalSpy unauthorized(&client, &ApiClient::unauthorized);
        ApiCall* outBeforeTheChange = client.workspaces();
        QSignalSpy oldFailed(outBeforeTheChange, &ApiCall::failed);
        client.setToken(QStringLiteral("new-token"));
        QVERIFY(oldFailed.wait());
        QCOMPARE(oldFailed.first().first().value<ApiError>().reason(), ApiError::Reason::TokenRejected);
        QCOMPARE(unauthorized.size(), 0);

        ApiCall* withTheNewToken = client.workspaces();
        QSignalSpy newFailed(withTheNewToken, &ApiCall::failed);
        QVERIFY(newFailed.wait());
        QCOMPARE(network.requests.back().request.rawHeader("Authorization"), QByteArray("Bearer new-token"));
        QCOMPARE(unauthorized.size(), 1);
    }

    void cancelReportsOnce()
    {
        FakeNetworkAccessManager network;
        network.enqueueHang();
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:1")), &network);
        client.setToken(QStringLiteral("test-token"));
        QPointer<ApiCall> call = client.instances().call();
        QSignalSpy failed(call.data(), &ApiCall::failed);
        QSignalSpy succeeded(call.data(), &ApiCall::succeeded);
        QSignalSpy finished(call.data(), &ApiCall::finished);
        call->cancel();
        call->cancel();
        QCOMPARE(failed.size(), 1);
        QCOMPARE(failed.first().first().value<ApiError>().kind(), ApiError::Kind::Cancelled);
        QTRY_VERIFY(call.isNull()); // deletes itself
        QCOMPARE(failed.size(), 1);
        QCOMPARE(succeeded.size(), 0);
        QCOMPARE(finished.size(), 1);
    }

    void destroyingTheClientAbortsItsCalls()
    {
        FakeNetworkAccessManager network;
        network.enqueueHang();
        auto client = std::make_unique<ApiClient>(QUrl(QStringLiteral("http://127.0.0.1:1")), &network);
        QPointer<ApiCall> call = client->instances().call();
        int reports = 0;
        connect(call, &ApiCall::finished, this, [&reports] { ++reports; });
        client.reset();
        QVERIFY(call.isNull());
        // Nothing queued on the way (the aborted reply's signals among it) reports later.
        flushPostedEvents();
        QCOMPARE(reports, 0);
    }

    // --- Real sockets on loopback: what the fake cannot show. ---

    void realTimeout()
    {
        QTcpServer silent;
        QVERIFY(silent.listen(QHostAddress::LocalHost));
        QList<QTcpSocket*> held;
        connect(&silent, &QTcpServer::newConnection, this, [&] {
            while (auto* socket = silent.nextPendingConnection())
                held.append(socket); // accept, read nothing, answer nothing
        });
        QNetworkAccessManager network;
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:%1").arg(silent.serverPort())), &network);
        client.setToken(QStringLiteral("test-token"));
        ClientOptions options = fastOptions();
        options.maxAttempts = 1;
        options.transferTimeout = std::chrono::milliseconds(300);
        client.setOptions(options);
        ApiCall* call = client.me();
        QSignalSpy failed(call, &ApiCall::failed);
        QVERIFY(failed.wait(5000));
        QCOMPARE(failed.first().first().value<ApiError>().kind(), ApiError::Kind::Timeout);
    }

    void realConnectionRefused()
    {
        quint16 port = 0;
        {
            QTcpServer probe;
            QVERIFY(probe.listen(QHostAddress::LocalHost));
            port = probe.serverPort();
        }
        QNetworkAccessManager network;
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port)), &network);
        client.setToken(QStringLiteral("test-token"));
        ClientOptions options = fastOptions();
        client.setOptions(options);
        ApiCall* call = client.me();
        QSignalSpy failed(call, &ApiCall::failed);
        QVERIFY(failed.wait(5000));
        const auto error = failed.first().first().value<ApiError>();
        QCOMPARE(error.kind(), ApiError::Kind::Transport);
        QCOMPARE(error.networkError(), TransportError::ConnectionRefused);
        QVERIFY(error.isTransient());
    }

    void realTruncatedBody()
    {
        QTcpServer server;
        QVERIFY(server.listen(QHostAddress::LocalHost));
        connect(&server, &QTcpServer::newConnection, this, [&server] {
            while (QTcpSocket* socket = server.nextPendingConnection()) {
                connect(socket, &QTcpSocket::readyRead, socket, [socket] {
                    socket->readAll();
                    socket->write(
                        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 500\r\n"
                        "\r\n{\"object\":\"account\",\"acc");
                    socket->flush();
                    socket->disconnectFromHost();
                });
            }
        });
        QNetworkAccessManager network;
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:%1").arg(server.serverPort())), &network);
        client.setToken(QStringLiteral("test-token"));
        ClientOptions options = fastOptions();
        options.maxAttempts = 1;
        client.setOptions(options);
        ApiCall* call = client.me();
        QSignalSpy failed(call, &ApiCall::failed);
        QVERIFY(failed.wait(5000));
        const auto error = failed.first().first().value<ApiError>();
        QCOMPARE(error.kind(), ApiError::Kind::Transport);
        QCOMPARE(error.networkError(), TransportError::RemoteHostClosed);
        QCOMPARE(error.message(), QStringLiteral("The server closed the connection before answering."));
    }

    // An answer past the size cap is cut off and fails; it is not retried.
    void realOversizedAnswer()
    {
        QTcpServer server;
        QVERIFY(server.listen(QHostAddress::LocalHost));
        int connections = 0;
        connect(&server, &QTcpServer::newConnection, this, [&server, &connections] {
            while (QTcpSocket* socket = server.nextPendingConnection()) {
                ++connections;
                connect(socket, &QTcpSocket::readyRead, socket, [socket] {
                    socket->readAll();
                    const QByteArray body = "[" + QByteArray(200000, ' ') + "]";
                    socket->write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                                  + QByteArray::number(body.size()) + "\r\n\r\n" + body);
                });
            }
        });
        QNetworkAccessManager network;
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:%1").arg(server.serverPort())), &network);
        client.setToken(QStringLiteral("test-token"));
        ClientOptions options = fastOptions();
        options.maxResponseBytes = 64 * 1024;
        client.setOptions(options);
        ApiCall* call = client.me();
        QSignalSpy failed(call, &ApiCall::failed);
        QVERIFY(failed.wait(5000));
        const auto error = failed.first().first().value<ApiError>();
        QCOMPARE(error.kind(), ApiError::Kind::InvalidResponse);
        QCOMPARE(connections, 1);
    }

    // A server that redirects elsewhere never gets the token carried there: of two loopback
    // servers, the second never sees Authorization. A redirect within the same origin is followed.
    void redirectsNeverCarryTheTokenToAnotherOrigin()
    {
        QTcpServer second;
        if (!second.listen(QHostAddress(QStringLiteral("127.0.0.2"))))
            QSKIP("127.0.0.2 is not available here");
        QByteArray secondSaw;
        // The servers' sockets are their children, gone with them: no handler outlives what it writes.
        connect(&second, &QTcpServer::newConnection, &second, [&second, saw = &secondSaw] {
            while (QTcpSocket* socket = second.nextPendingConnection())
                connect(socket, &QTcpSocket::readyRead, socket, [socket, saw] {
                    *saw += socket->readAll();
                    socket->write(
                        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}");
                });
        });
        QTcpServer first;
        QVERIFY(first.listen(QHostAddress::LocalHost));
        QList<QByteArray> firstSaw;
        const QByteArray elsewhere = "http://127.0.0.2:" + QByteArray::number(second.serverPort());
        const QByteArray me = Fixtures::bytes(QStringLiteral("me.json"));
        connect(&first, &QTcpServer::newConnection, &first, [&] {
            while (QTcpSocket* socket = first.nextPendingConnection())
                connect(socket, &QTcpSocket::readyRead, socket, [saw = &firstSaw, me, elsewhere, socket] {
                    const QByteArray request = socket->readAll();
                    *saw << request;
                    if (request.startsWith("GET /preview/v2/me "))
                        socket->write("HTTP/1.1 302 Found\r\nLocation: "
                                      "/preview/v2/me-moved\r\nContent-Length: 0\r\n\r\n");
                    else if (request.startsWith("GET /preview/v2/me-moved "))
                        socket->write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                                      + QByteArray::number(me.size()) + "\r\n\r\n" + me);
                    else
                        socket->write("HTTP/1.1 307 Temporary Redirect\r\nLocation: " + elsewhere
                                      + "/preview/v2/workspaces\r\nContent-Length: 0\r\n\r\n");
                });
        });
        QNetworkAccessManager network;
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:%1").arg(first.serverPort())), &network);
        client.setToken(QStringLiteral("sk_live_redirect_secret"));
        client.setOptions(fastOptions());

        QSignalSpy followed(client.me(), &ApiCall::succeeded);
        QVERIFY(followed.wait(5000));
        const QByteArray seen = firstSaw.join();
        const qsizetype moved = seen.indexOf("GET /preview/v2/me-moved ");
        QVERIFY2(moved >= 0, seen.constData());
        QVERIFY(seen.indexOf("Bearer sk_live_redirect_secret", moved) > moved);

        for (int i = 0; i < 5; ++i) {
            QSignalSpy failed(client.workspaces(), &ApiCall::failed);
            QVERIFY(failed.wait(5000));
            const auto error = failed.first().first().value<ApiError>();
            QVERIFY2(error.message().contains(u"redirect"), qPrintable(error.message()));
        }
        // A probe of the test's own, sent to the second server after the last failure, is read
        // there: any request the client had sent it before has been read as well.
        QTcpSocket probe;
        probe.connectToHost(second.serverAddress(), second.serverPort());
        QVERIFY(probe.waitForConnected(5000));
        probe.write("GET /probe HTTP/1.1\r\nHost: x\r\n\r\n");
        QTRY_VERIFY(secondSaw.contains("GET /probe "));
        QVERIFY2(!secondSaw.contains("sk_live_redirect_secret"), secondSaw.constData());
        QVERIFY2(!secondSaw.toLower().contains("authorization"), secondSaw.constData());
    }
};

QTEST_GUILESS_MAIN(TestApiClient)
#include "tst_apiclient.moc"
