// SPDX-License-Identifier: Apache-2.0

#include "core/api/imageupload.h"

#include "common/sha256.h"
#include "core/api/apiclient.h"
#include "core/api/resourcejson.h"
#include "support/apiwait.h"
#include "support/fakenetworkaccessmanager.h"
#include "support/simclient.h"
#include "support/simprocess.h"
#include "support/testenv.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QPointer>
#include <QRandomGenerator>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace sfdesk;
using namespace std::chrono_literals;

namespace {

constexpr qint64 MiB = 1024 * 1024;

// A file of `size` random bytes, written in blocks.
bool writeRandomFile(const QString& path, qint64 size, quint32 seed)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return false;
    QRandomGenerator random(seed);
    QByteArray block(4 * MiB, Qt::Uninitialized);
    for (qint64 left = size; left > 0; left -= block.size()) {
        random.fillRange(reinterpret_cast<quint32*>(block.data()), block.size() / 4);
        if (file.write(block.constData(), std::min<qint64>(left, block.size())) < 0)
            return false;
    }
    return true;
}

QString sha256Of(const QString& path)
{
    Sha256 hash;
    QString error;
    return hash.addFile(path, 0, QFileInfo(path).size(), &error) ? QString::fromLatin1(hash.hexDigest())
                                                                 : QString();
}

ImageUploads::Options fastOptions()
{
    ImageUploads::Options options;
    options.partSize = 8 * MiB;
    options.parallelParts = 3;
    options.maxAttempts = 6;
    options.retryBaseDelay = 50ms;
    return options;
}

// Answers and records for the tests below, out of the test class: moc does not read raw strings.
const QByteArray createdImage =
    R"({"object":"image","id":"image_aaaaaaaaaaaaaaaaaaaaa","resource_path":"sfc:image:a:b:c","owner":"a",)"
    R"("workspace":"b","workspace_id":"wksp_b","name":"c","is_public":false,"upload_status":"started",)"
    R"("created_at":1})";
const QByteArray partUrlElsewhere = R"({"url":"http://203.0.113.9/upload/x","expires_at":2000000000})";
const QByteArray badRecord = R"({"version":1,"uploads":[{"file":"/x","workspace":"w","size":-5}]})";

// The answers of the parts and download routes as the client reads them; problem names the field
// an answer is refused for (empty: read).
struct TransferAnswer
{
    const char* name;
    const char* json;
    bool download;
    const char* problem;
};
const TransferAnswer transferAnswers[] = {
    {"part", R"({"url":"https://s3.example/x?sig=1","expires_at":1800000000})", false, ""},
    {"part, relative url", R"({"url":"/upload/x","expires_at":1800000000})", false, "url"},
    {"part, no expiry", R"({"url":"https://s3.example/x"})", false, "expires_at"},
    {"download", R"({"url":"https://s3.example/d","expires_at":1800000000,"sha256":"e3b0","size":42})", true,
     ""},
    {"download, size a string",
     R"({"url":"https://s3.example/d","expires_at":1,"sha256":"e3b0","size":"42"})", true, "size"},
};

QJsonObject stateOf(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

} // namespace

// The image uploader against the real sfsim over HTTP: parts in parallel through presigned URLs,
// retried when they fail, resumed after the uploader is gone (the app quit) from the parts the
// server acknowledged, and the SHA-256 checked by sfsim when the upload completes.
class TestImageUpload final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        QVERIFY2(m_sim.start({u"--control"_s}), qPrintable(m_sim.errorOutput()));
        m_api.setBaseUrl(m_sim.baseUrl());
        m_api.setToken(m_sim.token(u"acme-owner"_s));
        m_workspace = m_api.get(u"/preview/v2/workspaces/sfc:workspace:acme:default"_s).id();
        QVERIFY(!m_workspace.isEmpty());
    }

    void partSizesStayWithinTheLimits()
    {
        QCOMPARE(ImageUploads::partSizeFor(64 * MiB, 64 * MiB), 64 * MiB);
        QCOMPARE(ImageUploads::partSizeFor(128 * 1024 * MiB, 64 * MiB), 64 * MiB); // 2,048 parts
        QCOMPARE(ImageUploads::partSizeFor(10, 1 * MiB), 5 * MiB);                 // the minimum
        const qint64 huge = qint64(700) * 1024 * MiB;
        const qint64 size = ImageUploads::partSizeFor(huge, 64 * MiB);
        QVERIFY((huge + size - 1) / size <= ImageUploads::MaxParts);
        QCOMPARE(size % MiB, 0);
    }

    void transferAnswersAreRead_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<bool>("download");
        QTest::addColumn<QString>("problem"); // empty: valid
        for (const TransferAnswer& answer : transferAnswers)
            QTest::newRow(answer.name)
                << QByteArray(answer.json) << answer.download << QString::fromLatin1(answer.problem);
    }

    void transferAnswersAreRead()
    {
        QFETCH(QByteArray, json);
        QFETCH(bool, download);
        QFETCH(QString, problem);
        QString error;
        const QJsonObject object = QJsonDocument::fromJson(json).object();
        const bool parsed = download ? parseImageDownload(object, &error).has_value()
                                     : parseImagePartUrl(object, &error).has_value();
        QCOMPARE(parsed, problem.isEmpty());
        QVERIFY2(error.contains(problem), qPrintable(error));
    }

    void uploadsInPartsRetriesAndResumesAfterARestart()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(u"cuda13-ib.img"_s);
        QVERIFY(writeRandomFile(file, 64 * MiB, 64));
        const QString state = dir.filePath(u"uploads/acme.json"_s);
        // Part 3's first two uploads fail on the server (503), whichever uploader sends them.
        QVERIFY(m_sim.setFaults(u"fail_part=3x2"_s));

        QNetworkAccessManager network;
        ApiClient client(m_sim.baseUrl(), &network);
        client.setToken(m_sim.token(u"acme-owner"_s));
        QSet<int> firstRun;
        int partThreeFailures = 0;
        QString imageId;
        {
            ImageUploads uploads(&client);
            uploads.setOptions(fastOptions());
            uploads.setStateFile(state);
            QString error;
            ImageUpload* upload = uploads.start(file, m_workspace, u"cuda13-ib"_s, &error);
            QVERIFY2(upload, qPrintable(error));
            QCOMPARE(upload->partCount(), 8);
            connect(upload, &ImageUpload::partUploaded, this, [&](int part) { firstRun.insert(part); });
            connect(upload, &ImageUpload::partFailed, this, [&](int part, const ApiError& e, bool retrying) {
                QVERIFY(retrying);
                QCOMPARE(e.httpStatus(), 503);
                partThreeFailures += part == 3 ? 1 : 0;
            });
            // The app quits halfway: some parts acknowledged, part 3 failed at least once.
            QTRY_VERIFY_WITH_TIMEOUT(firstRun.size() >= 3 && partThreeFailures >= 1, 30000);
            QCOMPARE(upload->state(), ImageUpload::State::Uploading);
            QVERIFY(firstRun.size() < 8);
            imageId = upload->record().imageId;
            QVERIFY(!imageId.isEmpty());
        }
        // What the restart finds: the image, the file, the part size and the acknowledged parts.
        const QJsonObject saved = stateOf(state);
        QCOMPARE(saved.value(u"uploads").toArray().size(), 1);
        const QJsonObject record = saved.value(u"uploads").toArray().at(0).toObject();
        QCOMPARE(record.value(u"image_id").toString(), imageId);
        QCOMPARE(record.value(u"part_size").toInteger(), 8 * MiB);
        QCOMPARE(record.value(u"size").toInteger(), 64 * MiB);
        QSet<int> savedParts;
        for (const QJsonValue& v : record.value(u"parts_done").toArray())
            savedParts.insert(v.toInt());
        QVERIFY(firstRun.contains(savedParts) && savedParts.size() >= 3);
        QCOMPARE(m_api.get(u"/preview/v2/images/"_s + imageId).json.value(u"upload_status").toString(),
                 u"uploading"_s);

        // The app starts again: the upload is there, paused, and goes on with the other parts.
        QSet<int> secondRun;
        ImageUploads uploads(&client);
        uploads.setOptions(fastOptions());
        uploads.setStateFile(state);
        QVERIFY(uploads.problem().isEmpty());
        QCOMPARE(uploads.uploads().size(), 1);
        ImageUpload* upload = uploads.uploads().first();
        QCOMPARE(upload->state(), ImageUpload::State::Paused);
        QCOMPARE(upload->record().imageId, imageId);
        QCOMPARE(upload->bytesUploaded(), savedParts.size() * 8 * MiB);
        connect(upload, &ImageUpload::partUploaded, this, [&](int part) { secondRun.insert(part); });
        connect(upload, &ImageUpload::partFailed, this,
                [&](int part, const ApiError&, bool) { partThreeFailures += part == 3 ? 1 : 0; });
        QSignalSpy completed(&uploads, &ImageUploads::uploadCompleted);
        uploads.resume(upload);
        QTRY_COMPARE_WITH_TIMEOUT(completed.size(), 1, 60000);
        QVERIFY((secondRun & savedParts).isEmpty());
        QCOMPARE(secondRun | savedParts, (QSet<int>{1, 2, 3, 4, 5, 6, 7, 8}));
        // The server refused part 3 twice; the second refusal may have been on its way when the
        // first run quit (that attempt was aborted, its answer never read).
        QVERIFY2(partThreeFailures == 1 || partThreeFailures == 2,
                 qPrintable(QString::number(partThreeFailures)));
        QVERIFY(uploads.uploads().isEmpty());

        // sfsim checked the SHA-256 against the bytes it holds, and they download whole.
        const QString sha = sha256Of(file);
        const Image image = completed.first().first().value<Image>();
        QCOMPARE(image.status, Image::UploadStatus::Completed);
        QCOMPARE(image.sha256, sha);
        const auto download = waitForResult(client.imageDownload(imageId));
        QVERIFY(download);
        QCOMPARE(download->size, 64 * MiB);
        QCOMPARE(download->sha256, sha);
        // Records are written on a thread of their own: the last one lands soon after.
        QTRY_COMPARE_WITH_TIMEOUT(stateOf(state).value(u"uploads").toArray().size(), 0, 10000);
        QVERIFY(m_sim.setFaults(QString()));
    }

    void cancelDeletesThePartialImage()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(u"scratch.img"_s);
        QVERIFY(writeRandomFile(file, 24 * MiB, 7));
        QNetworkAccessManager network;
        ApiClient client(m_sim.baseUrl(), &network);
        client.setToken(m_sim.token(u"acme-owner"_s));
        ImageUploads uploads(&client);
        uploads.setOptions(fastOptions());
        uploads.setStateFile(dir.filePath(u"state.json"_s));
        // The last part is refused again and again: the upload cannot finish (and be gone) before it
        // is cancelled.
        QVERIFY(m_sim.setFaults(u"fail_part=3x1000"_s));
        QString error;
        QPointer<ImageUpload> upload = uploads.start(file, m_workspace, u"scratch"_s, &error);
        QVERIFY(upload);
        QSignalSpy parts(upload, &ImageUpload::partUploaded);
        QTRY_VERIFY_WITH_TIMEOUT(parts.size() >= 1, 30000);
        QVERIFY(upload);
        const QString id = upload->record().imageId;
        QSignalSpy removed(&uploads, &ImageUploads::uploadRemoved);
        uploads.cancel(upload);
        QCOMPARE(removed.size(), 1);
        QVERIFY(uploads.uploads().isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(m_api.get(u"/preview/v2/images/"_s + id).status, 404, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(stateOf(dir.filePath(u"state.json"_s)).value(u"uploads").toArray().size(),
                                  0, 10000);
        QVERIFY(m_sim.setFaults(QString()));
    }

    void anImageALostAnswerCreatedIsTakenOver()
    {
        // The app created "orphan" but never learnt its ID (the answer was lost, or the app closed):
        // a new attempt meets 409 for the name and goes on with that image, which has no part yet.
        const QString orphan =
            m_api.post(u"/preview/v2/images"_s, {{u"workspace"_s, m_workspace}, {u"name"_s, u"orphan"_s}})
                .id();
        QVERIFY(!orphan.isEmpty());
        QTemporaryDir dir;
        const QString file = dir.filePath(u"orphan.img"_s);
        QVERIFY(writeRandomFile(file, 6 * MiB, 12));
        QNetworkAccessManager network;
        ApiClient client(m_sim.baseUrl(), &network);
        client.setToken(m_sim.token(u"acme-owner"_s));
        ImageUploads uploads(&client);
        uploads.setOptions(fastOptions());
        QSignalSpy completed(&uploads, &ImageUploads::uploadCompleted);
        QString error;
        QVERIFY(uploads.start(file, m_workspace, u"orphan"_s, &error));
        QTRY_COMPARE_WITH_TIMEOUT(completed.size(), 1, 30000);
        QCOMPARE(completed.first().first().value<Image>().id, orphan);
        // An image of that name that already has its bytes is not taken over.
        QSignalSpy failed(&uploads, &ImageUploads::uploadAdded);
        ImageUpload* again = uploads.start(file, m_workspace, u"orphan"_s, &error);
        QVERIFY(again);
        QTRY_COMPARE_WITH_TIMEOUT(again->state(), ImageUpload::State::Failed, 10000);
        QVERIFY2(again->problem().contains(u"orphan"_s), qPrintable(again->problem()));
    }

    void aChangedFileIsNotResumed()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(u"moving.img"_s);
        QVERIFY(writeRandomFile(file, 6 * MiB, 8));
        const QString state = dir.filePath(u"state.json"_s);
        QNetworkAccessManager network;
        ApiClient client(m_sim.baseUrl(), &network);
        client.setToken(m_sim.token(u"acme-owner"_s));
        {
            ImageUploads uploads(&client);
            uploads.setOptions(fastOptions());
            uploads.setStateFile(state);
            QString error;
            ImageUpload* upload = uploads.start(file, m_workspace, u"moving"_s, &error);
            QVERIFY(upload);
            QTRY_VERIFY_WITH_TIMEOUT(!upload->record().imageId.isEmpty(), 10000);
            uploads.pause(upload);
            QCOMPARE(upload->state(), ImageUpload::State::Paused);
        }
        QVERIFY(writeRandomFile(file, 7 * MiB, 9));
        ImageUploads uploads(&client);
        uploads.setStateFile(state);
        QCOMPARE(uploads.uploads().size(), 1);
        ImageUpload* upload = uploads.uploads().first();
        uploads.resume(upload);
        QCOMPARE(upload->state(), ImageUpload::State::Failed);
        QVERIFY2(upload->problem().contains(u"changed"_s), qPrintable(upload->problem()));
    }

    void unreadableRecordIsMovedAside()
    {
        QTemporaryDir dir;
        const QString state = dir.filePath(u"state.json"_s);
        {
            QFile f(state);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(badRecord);
        }
        QNetworkAccessManager network;
        ApiClient client(m_sim.baseUrl(), &network);
        ImageUploads uploads(&client);
        uploads.setStateFile(state);
        QVERIFY(!uploads.problem().isEmpty());
        QVERIFY(QFile::exists(state + u".unreadable"_s));
        QVERIFY(uploads.uploads().isEmpty());
    }

    void partUrlsElsewhereAreRefused()
    {
        // A server that hands out a part URL on another host over plain http: the file is not sent.
        FakeNetworkAccessManager network;
        network.setRouteJson(u"/images"_s, 201, createdImage);
        network.setRouteJson(u"/images/image_aaaaaaaaaaaaaaaaaaaaa/parts"_s, 200, partUrlElsewhere);
        ApiClient client(QUrl(u"http://127.0.0.1:1"_s), &network);
        client.setToken(u"t"_s);
        QTemporaryDir dir;
        const QString file = dir.filePath(u"f.img"_s);
        QVERIFY(writeRandomFile(file, 1 * MiB, 3));
        ImageUploads uploads(&client);
        uploads.setOptions(fastOptions());
        QString error;
        ImageUpload* upload = uploads.start(file, u"wksp_b"_s, u"c"_s, &error);
        QVERIFY(upload);
        QTRY_COMPARE(upload->state(), ImageUpload::State::Failed);
        QVERIFY2(upload->problem().contains(u"203.0.113.9"_s), qPrintable(upload->problem()));
        QCOMPARE(upload->bytesUploaded(), 0);
    }

private:
    SimProcess m_sim;
    SimClient m_api;
    QString m_workspace;
};

QTEST_GUILESS_MAIN(TestImageUpload)
#include "tst_imageupload.moc"
