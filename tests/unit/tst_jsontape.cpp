// SPDX-License-Identifier: Apache-2.0

#include "core/api/jsontape.h"
#include "core/api/resourcejson.h"
#include "support/fixtures.h"
#include "support/testenv.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QTest>

#include <limits>

using namespace sfdesk;
using namespace Qt::StringLiterals;

// The decoder of the client's answers (JsonTape): what it accepts decodes to what
// QJsonDocument::fromJson made of it, what RFC 8259 forbids is refused with where, and the
// resource readers make the same items of an answer's bytes as of Qt's tree of it.
class TestJsonTape final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { TestEnv::init(); }

    void validDocuments_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::newRow("empty object") << QByteArray("{}");
        QTest::newRow("empty list") << QByteArray("[]");
        QTest::newRow("empty containers nested") << QByteArray("{\"a\":{},\"b\":[],\"c\":[{}, []]}");
        QTest::newRow("whitespace") << QByteArray(" \t\r\n{ \"a\" :\n[ 1 ,\t2 ] ,\r\n\"b\" : null } \n");
        QTest::newRow("literals") << QByteArray("[true,false,null]");
        QTest::newRow("escapes") << QByteArray(
            "[\"\\\"\\\\\\/\\b\\f\\n\\r\\t\", \"a\\u0041\\u00e9\\u4e2d\"]");
        QTest::newRow("surrogate pair") << QByteArray("[\"\\ud83d\\ude00\", \"x\\uD834\\uDD1Ey\"]");
        QTest::newRow("lone surrogates as Qt keeps them")
            << QByteArray("[\"\\ud800\", \"\\udc00x\", \"\\ud800\\u0041\"]");
        QTest::newRow("utf-8") << QByteArray("[\"caf\xc3\xa9 \xe4\xb8\xad \xf0\x9f\x98\x80 \xef\xbf\xbf\"]");
        QTest::newRow("escaped key") << QByteArray("{\"k\\u0065y\":1,\"key2\":2}");
        QTest::newRow("duplicate keys, the last kept") << QByteArray("{\"a\":1,\"b\":2,\"a\":3}");
        QTest::newRow("integers at the edges")
            << QByteArray("[0,-0,1,-1,9007199254740993,9223372036854775807,-9223372036854775808]");
        QTest::newRow("beyond qint64") << QByteArray("[9223372036854775808,-9223372036854775809,1e300]");
        QTest::newRow("fractions and exponents")
            << QByteArray("[0.5,-0.25,1e3,1E-3,2.5e+2,1.0,123456789012345678901234567890]");
        QTest::newRow("byte order mark") << QByteArray("\xef\xbb\xbf{\"a\":1}");
        // Inside a string U+FEFF is a character, kept (QString::fromUtf8 would drop it as a mark).
        QTest::newRow("U+FEFF opening a key and a value")
            << QByteArray("{\"\xef\xbb\xbf\x6fwner\":\"\xef\xbb\xbf\x61\",\"b\":\"\\n\xef\xbb\xbfx\"}");
        QTest::newRow("1024 levels") << QByteArray(1024, '[') + QByteArray(1024, ']');
    }

    void validDocuments()
    {
        QFETCH(QByteArray, json);
        JsonTape::Error error;
        const auto tape = JsonTape::parse(json, &error);
        QVERIFY2(tape, qPrintable(error.problem + u" at byte " + QString::number(error.offset)));
        QJsonParseError qtError{};
        const QJsonDocument qt = QJsonDocument::fromJson(json, &qtError);
        QCOMPARE(qtError.error, QJsonParseError::NoError);
        const QJsonValue ours = tape->root().toJsonValue();
        QCOMPARE(ours, qt.isObject() ? QJsonValue(qt.object()) : QJsonValue(qt.array()));
    }

    void invalidDocuments_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("problem");
        QTest::addColumn<int>("offset");
        QTest::newRow("empty") << QByteArray("  ") << u"the document is empty"_s << 2;
        QTest::newRow("scalar at the top") << QByteArray("\"a\"") << u"expected an object or a list"_s << 0;
        QTest::newRow("trailing comma in a list")
            << QByteArray("[1,2,]") << u"trailing comma in a list"_s << 5;
        QTest::newRow("trailing comma in an object")
            << QByteArray("{\"a\":1,}") << u"trailing comma in an object"_s << 7;
        QTest::newRow("comment") << QByteArray("[1 // one\n]") << u"expected ',' or ']'"_s << 3;
        QTest::newRow("block comment") << QByteArray("{/* x */}") << u"expected a string as a key"_s << 1;
        QTest::newRow("control character")
            << QByteArray("[\"a\tb\"]") << u"control character in a string"_s << 3;
        QTest::newRow("newline in a string")
            << QByteArray("[\"a\nb\"]") << u"control character in a string"_s << 3;
        QTest::newRow("invalid escape") << QByteArray("[\"a\\x\"]") << u"invalid escape sequence"_s << 3;
        QTest::newRow("short unicode escape")
            << QByteArray("[\"\\u12\"]") << u"invalid escape sequence"_s << 2;
        QTest::newRow("bad hex") << QByteArray("[\"\\u12g4\"]") << u"invalid escape sequence"_s << 2;
        QTest::newRow("invalid utf-8 byte")
            << QByteArray("[\"a\xff\"]") << u"invalid UTF-8 in a string"_s << 3;
        QTest::newRow("truncated utf-8") << QByteArray("[\"a\xc3\"]") << u"invalid UTF-8 in a string"_s << 3;
        QTest::newRow("overlong utf-8")
            << QByteArray("[\"\xc0\xaf\"]") << u"invalid UTF-8 in a string"_s << 2;
        QTest::newRow("utf-8 surrogate")
            << QByteArray("[\"\xed\xa0\x80\"]") << u"invalid UTF-8 in a string"_s << 2;
        QTest::newRow("beyond U+10FFFF")
            << QByteArray("[\"\xf4\x90\x80\x80\"]") << u"invalid UTF-8 in a string"_s << 2;
        QTest::newRow("leading zero") << QByteArray("[01]") << u"number with a leading zero"_s << 1;
        QTest::newRow("negative leading zero")
            << QByteArray("[-012]") << u"number with a leading zero"_s << 1;
        QTest::newRow("NaN") << QByteArray("[NaN]") << u"NaN and Infinity are not JSON numbers"_s << 1;
        QTest::newRow("Infinity") << QByteArray("[-Infinity]") << u"NaN and Infinity are not JSON numbers"_s
                                  << 1;
        QTest::newRow("plus sign") << QByteArray("[+1]") << u"illegal value"_s << 1;
        QTest::newRow("bare dot") << QByteArray("[1.]") << u"illegal number"_s << 1;
        QTest::newRow("dot first") << QByteArray("[.5]") << u"illegal value"_s << 1;
        QTest::newRow("bare exponent") << QByteArray("[1e]") << u"illegal number"_s << 1;
        QTest::newRow("hex number") << QByteArray("[0x10]") << u"expected ',' or ']'"_s << 2;
        QTest::newRow("beyond a double") << QByteArray("[1e400]") << u"number out of range"_s << 1;
        QTest::newRow("single quotes") << QByteArray("['a']") << u"illegal value"_s << 1;
        QTest::newRow("unquoted key") << QByteArray("{a:1}") << u"expected a string as a key"_s << 1;
        QTest::newRow("missing colon") << QByteArray("{\"a\" 1}") << u"expected ':' after a key"_s << 5;
        QTest::newRow("missing comma") << QByteArray("{\"a\":1 \"b\":2}") << u"expected ',' or '}'"_s << 7;
        QTest::newRow("wrong bracket") << QByteArray("[1}") << u"expected ',' or ']'"_s << 2;
        QTest::newRow("bad literal") << QByteArray("[tru]") << u"illegal value"_s << 1;
        QTest::newRow("garbage after") << QByteArray("{} x") << u"garbage at the end of the document"_s << 3;
        QTest::newRow("two documents") << QByteArray("{}{}") << u"garbage at the end of the document"_s << 2;
        QTest::newRow("unterminated string") << QByteArray("[\"abc") << u"unterminated string"_s << 1;
        QTest::newRow("unterminated list") << QByteArray("[1, 2") << u"unexpected end of the document"_s << 5;
        QTest::newRow("1025 levels") << QByteArray(1025, '[') + QByteArray(1025, ']')
                                     << u"nested too deeply"_s << 1024;
        QTest::newRow("100000 levels")
            << QByteArray(100000, '[') + QByteArray(100000, ']') << u"nested too deeply"_s << 1024;
        QTest::newRow("100000 open objects")
            << QByteArray("{\"a\":").repeated(100000) << u"nested too deeply"_s << 1024 * 5;
    }

    void invalidDocuments()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, problem);
        QFETCH(int, offset);
        JsonTape::Error error;
        QVERIFY(!JsonTape::parse(json, &error));
        QCOMPARE(error.problem, problem);
        QCOMPARE(error.offset, offset);
    }

    // Every prefix of a document is refused, with a place inside it.
    void truncatedDocuments()
    {
        const QByteArray json = Fixtures::bytes(u"instance.json"_s);
        QVERIFY(JsonTape::parse(json));
        for (qsizetype length = 0; length < json.trimmed().size(); ++length) {
            JsonTape::Error error;
            QVERIFY2(!JsonTape::parse(json.left(length), &error), qPrintable(QString::number(length)));
            QVERIFY(error.offset <= length);
            QVERIFY(!error.problem.isEmpty());
        }
    }

    void integers_data()
    {
        QTest::addColumn<QByteArray>("number");
        for (const char* number :
             {"0", "-0", "7", "-7", "1.0", "1e3", "1.5", "-1.5e1", "123456789012345678",
              "1234567890123456789", "9223372036854775807", "-9223372036854775807", "9223372036854775808",
              "-9223372036854775809", "1e18", "1e19", "4.5e15", "9007199254740993"})
            QTest::newRow(number) << QByteArray(number);
    }

    // The whole numbers a reader takes as integers are the ones QJsonValue::toInteger() gave.
    void integers()
    {
        QFETCH(QByteArray, number);
        const QByteArray json = '[' + number + ']';
        const auto tape = JsonTape::parse(json);
        QVERIFY(tape);
        constexpr qint64 none = std::numeric_limits<qint64>::min() + 1;
        const QJsonValue qt = QJsonDocument::fromJson(json).array().at(0);
        QCOMPARE(tape->root().first().toInteger(none), qt.toInteger(none));
        QCOMPARE(tape->root().first().toDouble(), qt.toDouble());
    }

    void keysAndStrings()
    {
        const auto tape =
            JsonTape::parse("{\"id\":\"a\\\"b\",\"na\\u006de\":\"x\",\"caf\\u00e9\":1,\"café2\":2}"_ba);
        QVERIFY(tape);
        const JsonNode root = tape->root();
        QCOMPARE(root.size(), 4);
        QCOMPARE(root.value(u"id").toString(), u"a\"b"_s);
        QCOMPARE(root.value(u"name").toString(), u"x"_s);
        QCOMPARE(root.value(u"café").toInteger(), 1);
        QCOMPARE(root.value(u"café2").toInteger(), 2);
        QVERIFY(root.value(u"i").isUndefined());
        QVERIFY(root.value(u"idx").isUndefined());
        QVERIFY(root.value(u"id").equals(u"a\"b"));
        QVERIFY(!root.value(u"id").equals(u"a\"c"));
        QCOMPARE(root.value(u"id").rawString(), QByteArrayView("a\\\"b"));
    }

    // The pages of a list decode as one list.
    void concatenatedPages()
    {
        const auto first = JsonTape::parse("{\"data\":[{\"a\":1},{\"a\":[2,3]}],\"has_more\":true}"_ba);
        const auto second = JsonTape::parse("{\"data\":[],\"x\":1}"_ba);
        const auto third = JsonTape::parse("{\"data\":[\"s\",{\"b\":{\"c\":null}}]}"_ba);
        QVERIFY(first && second && third);
        const auto tape = JsonTape::concatenate(
            {first->root().value(u"data"), second->root().value(u"data"), third->root().value(u"data")});
        QVERIFY(tape);
        QCOMPARE(tape->root().toJsonValue(),
                 QJsonDocument::fromJson("[{\"a\":1},{\"a\":[2,3]},\"s\",{\"b\":{\"c\":null}}]").array());
    }

    // Every fixture of an answer: the tape decodes to Qt's tree of it, and its items read from the
    // answer's bytes are the items read from Qt's tree (QJsonDocument::fromJson) of them.
    void fixturesDecodeAsQtDid()
    {
        const QDir dir(TestEnv::dataFile(u"api"_s));
        const QStringList names = dir.entryList({u"*.json"_s}, QDir::Files);
        QVERIFY(names.size() > 20);
        for (const QString& name : names) {
            QFile file(dir.filePath(name));
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray bytes = file.readAll();
            const auto tape = JsonTape::parse(bytes);
            QVERIFY2(tape, qPrintable(name));
            const QJsonDocument qt = QJsonDocument::fromJson(bytes);
            QCOMPARE(tape->root().toJsonValue(),
                     qt.isObject() ? QJsonValue(qt.object()) : QJsonValue(qt.array()));
        }
    }

    void itemsAsFromQtsTree()
    {
        compareItems<Instance>(u"instances.json"_s, parseInstance);
        compareItems<Pool>(u"pools.json"_s, parsePool);
        compareItems<Order>(u"orders.json"_s, parseOrder);
        compareItems<Image>(u"images.json"_s, parseImage);
        compareItems<Deployment>(u"deployments.json"_s, parseDeployment);
        compareItems<InstanceSku>(u"instance_skus.json"_s, parseInstanceSku);
        compareItems<Procurement>(u"procurements.json"_s, parseProcurement);
        compareItems<PoolTransfer>(u"pool_transfers.json"_s, parsePoolTransfer);
        compareItems<InstanceTemplate>(u"instance_templates.json"_s, parseInstanceTemplate);
        compareItems<Workspace>(u"workspaces.json"_s, parseWorkspace);
    }

    // A long list of instances, each with a name and id of its own, escapes and all.
    void longListAsFromQtsTree()
    {
        QJsonObject one = Fixtures::object(u"instance.json"_s);
        QJsonArray data;
        for (int i = 0; i < 500; ++i) {
            one.insert(u"id"_s, u"inst_%1"_s.arg(i));
            one.insert(u"name"_s, u"node \"%1\" \u00e9\U0001F600"_s.arg(i));
            data.append(one);
        }
        const QByteArray bytes =
            QJsonDocument(QJsonObject{{u"object"_s, u"list"_s}, {u"data"_s, data}}).toJson();
        QString error;
        const JsonNode fromBytes(JsonTape::parse(bytes));
        const auto ours =
            parseItems<Instance>(parseListEnvelope(fromBytes, &error)->data, parseInstance, &error);
        const auto viaQt = parseItems<Instance>(data, parseInstance, &error);
        QVERIFY2(ours && viaQt, qPrintable(error));
        QCOMPARE(ours->size(), 500);
        QVERIFY(*ours == *viaQt);
        QCOMPARE(ours->at(7).name, u"node \"7\" \u00e9\U0001F600"_s);
    }

    // Tapes shorter and longer than their first block (sized from the body) and than a whole
    // block: every token is where it was put, whichever block holds it, and the containers' ends
    // across blocks are right.
    void tokensAcrossBlocks_data()
    {
        QTest::addColumn<int>("count");
        const auto block = static_cast<int>(JsonTape::blockSize);
        for (const int count : {0, 1, 15, 16, 17, 1000, block - 2, block - 1, block, 3 * block + 5})
            QTest::addRow("%d", count) << count;
    }
    void tokensAcrossBlocks()
    {
        QFETCH(int, count);
        // Two bytes a number: the first block (an eighth of the bytes) is too short and grows.
        QByteArray numbers = "[";
        for (int i = 0; i < count; ++i)
            numbers += QByteArray::number(i % 10) + (i + 1 < count ? "," : "");
        numbers += "]";
        const auto tape = JsonTape::parse(numbers);
        QVERIFY(tape);
        QCOMPARE(tape->size(), static_cast<quint32>(count + 1));
        QCOMPARE(tape->root().size(), count);
        int i = 0;
        tape->root().forEachItem([&](const JsonNode& item) {
            if (item.index() != static_cast<quint32>(i + 1) || item.toInteger(-1) != i % 10)
                return false;
            return ++i, true;
        });
        QCOMPARE(i, count);

        // Objects with lists inside, whose tokens straddle the blocks' edges.
        QJsonArray nested;
        for (int j = 0; j < count; ++j)
            nested.append(QJsonObject{{u"i"_s, j}, {u"l"_s, QJsonArray{j, u"s%1"_s.arg(j), QJsonArray{}}}});
        const QByteArray bytes = QJsonDocument(QJsonObject{{u"data"_s, nested}}).toJson();
        const auto objects = JsonTape::parse(bytes);
        QVERIFY(objects);
        QCOMPARE(objects->size(), static_cast<quint32>(3 + 8 * count));
        QCOMPARE(objects->root().toJsonValue(), QJsonValue(QJsonObject{{u"data"_s, nested}}));
        QCOMPARE(objects->root().value(u"data").size(), count);
    }

    // A long tape made of short and long pages: each page's items in order, across blocks.
    void concatenatedLongPages()
    {
        QList<std::shared_ptr<const JsonTape>> pages;
        QList<JsonNode> lists;
        QJsonArray all;
        for (const int items : {3, 2000, 0, 1, 5000, 700}) {
            QJsonArray page;
            for (int j = 0; j < items; ++j)
                page.append(QJsonObject{{u"id"_s, u"p%1-%2"_s.arg(pages.size()).arg(j)}, {u"n"_s, j}});
            for (const auto& item : page)
                all.append(item);
            pages.append(JsonTape::parse(QJsonDocument(QJsonObject{{u"data"_s, page}}).toJson()));
            QVERIFY(pages.last());
            lists.append(pages.last()->root().value(u"data"));
        }
        const auto tape = JsonTape::concatenate(lists);
        QVERIFY(tape);
        QCOMPARE(tape->size(), static_cast<quint32>(1 + 5 * all.size()));
        QCOMPARE(tape->root().toJsonValue(), QJsonValue(all));
    }

private:
    template <typename T> static void compareItems(const QString& name, ItemParser<T> parser)
    {
        const QByteArray bytes = Fixtures::bytes(name);
        QString error;
        const JsonNode fromBytes(JsonTape::parse(bytes));
        const auto envelope = parseListEnvelope(fromBytes, &error);
        QVERIFY2(envelope, qPrintable(name + u": " + error));
        const auto ours = parseItems<T>(envelope->data, parser, &error);
        // Qt's tree of the same bytes, handed to the readers as Qt's values.
        const QJsonArray qtData = QJsonDocument::fromJson(bytes).object().value(u"data").toArray();
        const auto viaQt = parseItems<T>(qtData, parser, &error);
        QVERIFY2(ours && viaQt, qPrintable(name + u": " + error));
        QVERIFY(!ours->isEmpty());
        QVERIFY2(*ours == *viaQt, qPrintable(name));
    }
};

QTEST_GUILESS_MAIN(TestJsonTape)
#include "tst_jsontape.moc"
