// SPDX-License-Identifier: Apache-2.0

#include "support/simclient.h"
#include "support/simprocess.h"
#include "support/testenv.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

// Bad bodies of every kind on every POST and PATCH: malformed JSON, wrong types, unknown
// references, names that break the pattern, over-long strings, oversized cloud-init, 2 MiB bodies.
class TestSimBodies final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        QVERIFY2(m_sim.start({u"--control"_s}), qPrintable(m_sim.errorOutput()));
        m_api.setBaseUrl(m_sim.baseUrl());
        m_api.setToken(m_sim.token(u"acme-owner"_s));
        QCOMPARE(
            m_api.post(u"/preview/v2/feature_flags/infiniband-preview"_s, {{u"enrolled"_s, true}}).status,
            200);
        QCOMPARE(
            m_api.post(u"/preview/v2/pools"_s, {{u"workspace"_s, u"default"_s}, {u"name"_s, u"bodies"_s}})
                .status,
            201);
        const auto inst = m_api.post(u"/preview/v2/instances"_s, {{u"pool"_s, u"bodies"_s},
                                                                  {u"instance_sku"_s, u"hel-a-h100-ib"_s},
                                                                  {u"image"_s, u"ubuntu-24.04-cuda-13.2"_s},
                                                                  {u"name"_s, u"target"_s}});
        QCOMPARE(inst.status, 201);
        const auto part =
            m_api.post(u"/preview/v2/infiniband_partitions"_s, {{u"workspace"_s, u"default"_s},
                                                                {u"name"_s, u"net"_s},
                                                                {u"fabric"_s, u"europe-north1-a.fab1"_s}});
        QCOMPARE(part.status, 201);
    }

    void badBodies_data()
    {
        QTest::addColumn<QByteArray>("method");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("field");

        struct Route
        {
            const char* label;
            QByteArray method;
            QString path;
            QByteArray validPrefix; // a valid body without its closing brace
            QString nameField;      // empty: the route takes no name
        };
        const QList<Route> routes = {
            {"create workspace", "POST", u"/preview/v2/workspaces"_s, "{\"name\":\"w-ok\"", u"name"_s},
            {"patch workspace", "PATCH", u"/preview/v2/workspaces/research"_s, "{\"name\":\"research\"",
             u"name"_s},
            {"enrol flag",
             "POST",
             u"/preview/v2/feature_flags/infiniband-preview"_s,
             R"({"enrolled":true)",
             {}},
            {"create pool", "POST", u"/preview/v2/pools"_s, "{\"workspace\":\"default\"", u"name"_s},
            {"patch pool", "PATCH", u"/preview/v2/pools/bodies"_s, R"({"tags":{"a":"b"})", u"name"_s},
            {"create instance", "POST", u"/preview/v2/instances"_s,
             "{\"pool\":\"bodies\",\"instance_sku\":\"hel-a-h100-ib\",\"image\":\"ubuntu-24.04-cuda-13.2\"",
             u"name"_s},
            {"patch instance", "PATCH", u"/preview/v2/instances/target"_s, "{\"priority_level\":\"normal\"",
             u"name"_s},
            {"create partition", "POST", u"/preview/v2/infiniband_partitions"_s,
             "{\"workspace\":\"default\",\"fabric\":\"europe-north1-a.fab2\",\"name\":\"n2\"", u"name"_s},
            {"patch partition", "PATCH", u"/preview/v2/infiniband_partitions/net"_s, R"({"tags":{"k":"v"})",
             u"name"_s},
        };
        const auto row = [](const Route& r, const char* kind, const QByteArray& body, int status,
                            const QString& code, const QString& field) {
            QTest::addRow("%s: %s", r.label, kind) << r.method << r.path << body << status << code << field;
        };
        for (const auto& r : routes) {
            row(r, "malformed JSON", r.validPrefix + ",", 400, {}, {});
            row(r, "truncated", r.validPrefix.left(r.validPrefix.size() / 2), 400, {}, {});
            row(r, "array", "[" + r.validPrefix + "}]", 400, {}, {});
            row(r, "empty", "", 400, {}, {});
            row(r, "2 MiB", r.validPrefix + ",\"padding\":\"" + QByteArray(2 * 1024 * 1024, 'x') + "\"}", 413,
                {}, {});
            if (!r.nameField.isEmpty()) {
                const QByteArray sep = r.validPrefix.contains("\"name\"") ? QByteArray() : QByteArray(",");
                QByteArray base = r.validPrefix;
                // Replace an existing name rather than sending it twice.
                if (!sep.isEmpty()) {
                    row(r, "name of wrong type", base + R"(,"name":42})", 422, u"invalid_type"_s, u"name"_s);
                    row(r, "name breaking the pattern", base + R"(,"name":"-no spaces allowed"})", 422,
                        u"invalid_name"_s, u"name"_s);
                    row(r, "over-long name", base + ",\"name\":\"" + QByteArray(256, 'a') + "\"}", 422,
                        u"too_long"_s, u"name"_s);
                    row(r, "name with a slash", base + R"(,"name":"a/b"})", 422, u"invalid_name"_s,
                        u"name"_s);
                } else {
                    base = r.validPrefix.left(r.validPrefix.indexOf("\"name\""));
                    const QByteArray after = r.validPrefix.mid(r.validPrefix.indexOf("\"name\""));
                    Q_UNUSED(after);
                    row(r, "name of wrong type", base + "\"name\":42}", 422, u"invalid_type"_s, u"name"_s);
                    row(r, "name breaking the pattern", base + "\"name\":\"bad name\"}", 422,
                        u"invalid_name"_s, u"name"_s);
                    row(r, "over-long name", base + "\"name\":\"" + QByteArray(256, 'a') + "\"}", 422,
                        u"too_long"_s, u"name"_s);
                    row(r, "name with a slash", base + "\"name\":\"a/b\"}", 422, u"invalid_name"_s,
                        u"name"_s);
                }
            }
        }
        const Route flag = routes.at(2), pool = routes.at(3), instance = routes.at(5),
                    partition = routes.at(7), patchPool = routes.at(4), patchInstance = routes.at(6);
        row(flag, "enrolled of wrong type", R"({"enrolled":"yes"})", 422, u"invalid_type"_s, u"enrolled"_s);
        row(flag, "enrolled missing", R"({})", 422, u"missing_field"_s, u"enrolled"_s);
        row(pool, "workspace of wrong type", R"({"workspace":7})", 422, u"invalid_type"_s, u"workspace"_s);
        row(pool, "workspace missing", R"({"name":"x"})", 422, u"missing_field"_s, u"workspace"_s);
        row(pool, "unknown workspace", R"({"workspace":"wksp_000000000000000000000"})", 404, u"not_found"_s,
            u"workspace"_s);
        row(pool, "tags not an object", R"({"workspace":"default","tags":["a"]})", 422, u"invalid_type"_s,
            u"tags"_s);
        row(pool, "tag key starting with _", R"({"workspace":"default","tags":{"_a":"b"}})", 422,
            u"invalid_tags"_s, u"tags"_s);
        row(pool, "tag value with =", R"({"workspace":"default","tags":{"a":"b=c"}})", 422, u"invalid_tags"_s,
            u"tags"_s);
        row(patchPool, "tags of wrong type", R"({"tags":"a=b"})", 422, u"invalid_type"_s, u"tags"_s);
        row(instance, "pool missing", R"({"instance_sku":"hel-a-h100-ib","image":"ubuntu-24.04-cuda-13.2"})",
            422, u"missing_field"_s, u"pool"_s);
        row(instance, "unknown pool",
            QByteArray(instance.validPrefix).replace("\"bodies\"", "\"nope\"") + "}", 404, u"not_found"_s,
            u"pool"_s);
        row(instance, "unknown SKU",
            R"({"pool":"bodies","instance_sku":"isku_000000000000000000000","image":"ubuntu-24.04-cuda-13.2"})",
            404, u"not_found"_s, u"instance_sku"_s);
        row(instance, "unknown image",
            R"({"pool":"bodies","instance_sku":"hel-a-h100-ib","image":"windows-95"})", 404, u"not_found"_s,
            u"image"_s);
        row(instance, "unknown partition", instance.validPrefix + R"(,"infiniband_partition":"nope"})", 404,
            {}, {});
        row(instance, "sku of wrong type",
            R"({"pool":"bodies","instance_sku":["x"],"image":"ubuntu-24.04-cuda-13.2"})", 422,
            u"invalid_type"_s, u"instance_sku"_s);
        row(instance, "public ipv4 of wrong type", instance.validPrefix + R"(,"enable_public_ipv4":"yes"})",
            422, u"invalid_type"_s, u"enable_public_ipv4"_s);
        row(instance, "bad priority", instance.validPrefix + R"(,"priority_level":"urgent"})", 422,
            u"invalid_value"_s, u"priority_level"_s);
        row(instance, "cloud-init not base64",
            instance.validPrefix + R"(,"cloud_init_user_data":"not base64!"})", 422, u"invalid_base64"_s,
            u"cloud_init_user_data"_s);
        row(instance, "cloud-init over 64 KiB",
            instance.validPrefix + ",\"cloud_init_user_data\":\"" + QByteArray(65537, '#').toBase64() + "\"}",
            422, u"too_large"_s, u"cloud_init_user_data"_s);
        row(instance, "cloud-init of wrong type", instance.validPrefix + R"(,"cloud_init_user_data":12})",
            422, u"invalid_type"_s, u"cloud_init_user_data"_s);
        row(patchInstance, "priority of wrong type", R"({"priority_level":3})", 422, u"invalid_type"_s,
            u"priority_level"_s);
        row(partition, "unknown fabric", R"({"workspace":"default","name":"q","fabric":"nowhere.fab1"})", 404,
            u"not_found"_s, u"fabric"_s);
        row(partition, "fabric of wrong type", R"({"workspace":"default","name":"q","fabric":1})", 422,
            u"invalid_type"_s, u"fabric"_s);
        row(partition, "over-long region",
            "{\"workspace\":\"default\",\"name\":\"q\",\"region\":\"" + QByteArray(65, 'r')
                + "\",\"availability_zone\":\"a\"}",
            422, u"too_long"_s, u"region"_s);
    }

    void badBodies()
    {
        QFETCH(QByteArray, method);
        QFETCH(QString, path);
        QFETCH(QByteArray, body);
        QFETCH(int, status);
        QFETCH(QString, code);
        QFETCH(QString, field);
        const auto r = m_api.send(method, path, body, {});
        QCOMPARE(r.status, status);
        QVERIFY(!r.error().value(u"message").toString().isEmpty());
        if (status == 400 && !body.isEmpty() && !body.startsWith('['))
            QVERIFY2(r.error().value(u"message").toString().contains(u"line 1, column"),
                     qPrintable(r.error().value(u"message").toString()));
        if (!code.isEmpty()) {
            QVERIFY2(!r.details().isEmpty(), r.raw.constData());
            QCOMPARE(r.details().first().toObject().value(u"code").toString(), code);
            QCOMPARE(r.details().first().toObject().value(u"field").toString(), field);
        }
    }

    // The limit is on the base64 text the field holds: 49,152 bytes of user data are 65,536
    // characters of base64 and pass; three bytes more are four characters over.
    void cloudInitAtTheLimitIsAccepted()
    {
        const auto create = [this](const QByteArray& data) {
            return m_api.post(u"/preview/v2/instances"_s,
                              {{u"pool"_s, u"bodies"_s},
                               {u"instance_sku"_s, u"hel-a-h100-ib"_s},
                               {u"image"_s, u"ubuntu-24.04-cuda-13.2"_s},
                               {u"cloud_init_user_data"_s, QString::fromLatin1(data.toBase64())}});
        };
        const QByteArray exact = "#!/bin/sh\n" + QByteArray(49152 - 10, '#');
        QCOMPARE(exact.toBase64().size(), 65536);
        const auto over = create(exact + "###");
        QCOMPARE(over.status, 422);
        QCOMPARE(over.detailCodes(), QStringList{u"too_large"_s});
        QCOMPARE(create(exact).status, 201);
    }

    void nothingWasCreatedByBadBodies()
    {
        const auto pools = m_api.get(u"/preview/v2/pools?limit=200"_s);
        QCOMPARE(pools.data().size(), 1);
        QCOMPARE(m_api.get(u"/preview/v2/infiniband_partitions"_s).data().size(), 1);
        QCOMPARE(m_api.get(u"/preview/v2/workspaces/research"_s).json.value(u"name").toString(),
                 u"research"_s);
    }

private:
    SimProcess m_sim;
    SimClient m_api;
};

QTEST_GUILESS_MAIN(TestSimBodies)
#include "tst_simbodies.moc"
