#include "core/models/instancemodel.h"
#include "support/fixtures.h"

#include <QElapsedTimer>
#include <QTest>

#include <malloc.h>

// AddressSanitizer allocates through its own allocator, which mallinfo2() does not see.
#if defined(__SANITIZE_ADDRESS__)
#define SFDESK_HEAP_UNMEASURABLE 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SFDESK_HEAP_UNMEASURABLE 1
#endif
#endif

// Refresh of a 10,000-instance list (parse and diff into the model) against the bare
// QJsonDocument::fromJson of the same bytes, in one run; and the memory each row costs.
class TestInstanceRefreshBenchmark final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { TestEnv::init(); }

    void tenThousandInstances()
    {
        constexpr int count = 10000;
        QJsonObject one = Fixtures::object(QStringLiteral("instance.json"));
        QJsonArray data;
        for (int i = 0; i < count; ++i) {
            one.insert(QStringLiteral("id"), QStringLiteral("inst_%1").arg(i, 21, 10, QLatin1Char('0')));
            one.insert(QStringLiteral("name"), QStringLiteral("node-%1").arg(i));
            data.append(one);
        }
        const QByteArray bytes = QJsonDocument(QJsonObject{{QStringLiteral("object"), QStringLiteral("list")},
                                                           {QStringLiteral("data"), data},
                                                           {QStringLiteral("has_more"), false}})
                                     .toJson(QJsonDocument::Compact);

        QElapsedTimer timer;
        timer.start();
        const QJsonDocument bare = QJsonDocument::fromJson(bytes);
        const qint64 fromJsonNs = timer.nsecsElapsed();
        QCOMPARE(bare.object().value(u"data").toArray().size(), count);

        InstanceModel model;
        const size_t heapBefore = mallinfo2().uordblks;
        const auto refresh = [&model, &bytes] {
            const QJsonDocument document = QJsonDocument::fromJson(bytes);
            QString error;
            const auto envelope = parseListEnvelope(document.object(), &error);
            const auto items = parseItems<Instance>(envelope->data, parseInstance, &error);
            model.refresh(*items);
        };
        timer.restart();
        refresh();
        const qint64 firstNs = timer.nsecsElapsed();
        const size_t heapAfter = mallinfo2().uordblks;
        QCOMPARE(model.rowCount(), count);

        timer.restart();
        refresh(); // the steady state of a poll: nothing changed
        const qint64 againNs = timer.nsecsElapsed();

        const double bytesPerRow = (static_cast<double>(heapAfter) - static_cast<double>(heapBefore)) / count;
        qInfo("fromJson only:            %8.2f ms", static_cast<double>(fromJsonNs) / 1e6);
        qInfo("first refresh (parse+diff):%8.2f ms, ratio %.2f", static_cast<double>(firstNs) / 1e6,
              static_cast<double>(firstNs) / static_cast<double>(fromJsonNs));
        qInfo("unchanged refresh:        %8.2f ms, ratio %.2f", static_cast<double>(againNs) / 1e6,
              static_cast<double>(againNs) / static_cast<double>(fromJsonNs));
#ifdef SFDESK_HEAP_UNMEASURABLE
        Q_UNUSED(bytesPerRow);
        qInfo("memory per row:           not measured under AddressSanitizer");
#else
        qInfo("memory per row:           %8.0f bytes", bytesPerRow);
        QVERIFY(bytesPerRow > 0);
#endif
    }
};

QTEST_GUILESS_MAIN(TestInstanceRefreshBenchmark)
#include "tst_instancerefreshbenchmark.moc"
