// SPDX-License-Identifier: Apache-2.0

#include "core/api/imageupload.h"

#include "common/constvalue.h"
#include "common/sha256.h"
#include "core/api/apicall.h"
#include "core/api/apiclient.h"
#include "core/api/parttransfer.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QSaveFile>
#include <QtConcurrentRun>

#include <algorithm>
#include <mutex>

namespace sfdesk {

namespace {

constexpr int progressIntervalMs = 200;
constexpr qint64 speedWindowMs = 5000;
constexpr int stateVersion = 1;

QJsonObject recordToJson(const ImageUpload::Record& r)
{
    QJsonArray parts;
    for (const int part : r.partsDone)
        parts.append(part);
    QJsonObject o{{QStringLiteral("image_id"), r.imageId},    {QStringLiteral("image_name"), r.imageName},
                  {QStringLiteral("workspace"), r.workspace}, {QStringLiteral("file"), r.file},
                  {QStringLiteral("size"), r.size},           {QStringLiteral("modified_ms"), r.modifiedMs},
                  {QStringLiteral("part_size"), r.partSize},  {QStringLiteral("parts_done"), parts}};
    if (!r.sha256.isEmpty())
        o.insert(QStringLiteral("sha256"), r.sha256);
    return o;
}

std::optional<ImageUpload::Record> recordFromJson(const QJsonObject& o)
{
    ImageUpload::Record r;
    r.imageId = o.value(QStringLiteral("image_id")).toString();
    r.imageName = o.value(QStringLiteral("image_name")).toString();
    r.workspace = o.value(QStringLiteral("workspace")).toString();
    r.file = o.value(QStringLiteral("file")).toString();
    r.size = o.value(QStringLiteral("size")).toInteger(-1);
    r.modifiedMs = o.value(QStringLiteral("modified_ms")).toInteger(-1);
    r.partSize = o.value(QStringLiteral("part_size")).toInteger(0);
    r.sha256 = o.value(QStringLiteral("sha256")).toString();
    if (r.file.isEmpty() || r.workspace.isEmpty() || r.size < 0 || r.size > ImageUploads::MaxImageBytes
        || r.partSize < 1 || (r.size + r.partSize - 1) / r.partSize > ImageUploads::MaxParts
        || (!r.sha256.isEmpty() && !Sha256::isHexDigest(r.sha256.toLatin1())))
        return std::nullopt;
    const qint64 parts = std::max<qint64>(1, (r.size + r.partSize - 1) / r.partSize);
    for (const auto& v : constValue(o.value(QStringLiteral("parts_done")).toArray())) {
        const qint64 part = v.toInteger(0);
        if (part < 1 || part > parts)
            return std::nullopt;
        r.partsDone.append(int(part));
    }
    std::sort(r.partsDone.begin(), r.partsDone.end());
    r.partsDone.erase(std::unique(r.partsDone.begin(), r.partsDone.end()), r.partsDone.end());
    return r;
}

} // namespace

// ---------------------------------------------------------------------------------------------
// ImageUpload

ImageUpload::ImageUpload(ImageUploads* owner, Record record, State state)
    : QObject(owner)
    , m_owner(owner)
    , m_record(std::move(record))
    , m_state(state)
{
    for (const int part : std::as_const(m_record.partsDone))
        m_done.insert(part);
    for (const int part : std::as_const(m_done))
        m_doneBytes += partLength(part);
    m_progressTimer.setInterval(progressIntervalMs);
    connect(&m_progressTimer, &QTimer::timeout, this, &ImageUpload::sampleProgress);
    m_clock.start();
}

ImageUpload::~ImageUpload()
{
    stopAll();
}

int ImageUpload::partCount() const
{
    if (m_record.partSize <= 0)
        return 1;
    return int(std::max<qint64>(1, (m_record.size + m_record.partSize - 1) / m_record.partSize));
}

qint64 ImageUpload::partLength(int part) const
{
    const qint64 start = qint64(part - 1) * m_record.partSize;
    return std::clamp<qint64>(m_record.size - start, 0, m_record.partSize);
}

qint64 ImageUpload::bytesUploaded() const
{
    qint64 bytes = m_doneBytes;
    for (const InFlight& f : m_inFlight)
        bytes += f.sent->load(std::memory_order_relaxed);
    return bytes;
}

qint64 ImageUpload::bytesHashed() const
{
    if (!m_record.sha256.isEmpty())
        return m_record.size;
    return m_hashed ? m_hashed->load(std::memory_order_relaxed) : 0;
}

ImageUpload::Record ImageUpload::savedRecord() const
{
    Record r = m_record;
    r.partsDone = QList<int>(m_done.cbegin(), m_done.cend());
    std::sort(r.partsDone.begin(), r.partsDone.end());
    return r;
}

void ImageUpload::setState(State state)
{
    m_state = state;
    Q_EMIT changed();
}

void ImageUpload::run()
{
    stopAll();
    m_problem.clear();
    m_attempts.clear();
    if (!m_owner->client()) {
        fail(tr("Not connected to a server."));
        return;
    }
    m_samples.clear();
    m_progressTimer.start();
    if (m_record.imageId.isEmpty())
        createImage();
    else
        continueUpload();
}

void ImageUpload::pause(const QString& why)
{
    stopAll();
    m_problem = why;
    setState(State::Paused);
    m_owner->save();
}

void ImageUpload::fail(const QString& problem)
{
    stopAll();
    m_problem = problem;
    setState(State::Failed);
    m_owner->save();
}

void ImageUpload::stopAll()
{
    // What ran before answers an earlier round and is ignored.
    m_latestRound.drop();
    const QHash<int, InFlight> inFlight = std::exchange(m_inFlight, {});
    for (const InFlight& f : inFlight) {
        if (f.urlCall)
            f.urlCall->cancel();
        if (f.transfer)
            m_owner->transfer()->abort(f.transfer);
    }
    qDeleteAll(std::exchange(m_retryTimers, {}));
    if (const QPointer<ApiCall> call = std::exchange(m_call, nullptr))
        call->cancel();
    if (m_stopHash)
        m_stopHash->store(true);
    m_hashing = false;
    m_progressTimer.stop();
    m_speed = 0;
    m_samples.clear();
}

void ImageUpload::createImage()
{
    setState(State::Preparing);
    const LatestAnswer::Ticket generation = m_latestRound.current();
    const auto reply = m_owner->client()->createImage(m_record.workspace, m_record.imageName);
    m_call = reply.call();
    reply.onSuccess(this, [this, generation](const Image& image) {
        if (!m_latestRound.isLatest(generation))
            return;
        m_call = nullptr;
        m_record.imageId = image.id;
        m_record.imageName = image.name;
        m_owner->save();
        continueUpload();
    });
    reply.onFailure(this, [this, generation](const ApiError& error) {
        if (!m_latestRound.isLatest(generation))
            return;
        m_call = nullptr;
        // The name is taken: an earlier attempt whose answer was lost (or that the app did not live
        // to record) may have created it. An image of that name still waiting for its bytes is it.
        if (error.reason() == ApiError::Reason::Conflict && !m_record.imageName.isEmpty()) {
            adoptStartedImage(error);
            return;
        }
        fail(tr("The image could not be created: %1").arg(error.message()));
    });
}

void ImageUpload::adoptStartedImage(const ApiError& conflict)
{
    const LatestAnswer::Ticket generation = m_latestRound.current();
    const auto reply = m_owner->client()->images(m_record.workspace);
    m_call = reply.call();
    reply.onSuccess(this, [this, generation, conflict](const QList<Image>& images) {
        if (!m_latestRound.isLatest(generation))
            return;
        m_call = nullptr;
        for (const Image& image : images) {
            if (!image.isPublic && image.name == m_record.imageName
                && image.status == Image::UploadStatus::Started) {
                m_record.imageId = image.id;
                m_owner->save();
                continueUpload();
                return;
            }
        }
        fail(tr("The image could not be created: %1").arg(conflict.message()));
    });
    reply.onFailure(this, [this, generation, conflict](const ApiError&) {
        if (!m_latestRound.isLatest(generation))
            return;
        m_call = nullptr;
        fail(tr("The image could not be created: %1").arg(conflict.message()));
    });
}

bool ImageUpload::fileUnchanged(QString* problem) const
{
    const QFileInfo info(m_record.file);
    if (!info.isFile() || !info.isReadable()) {
        *problem = tr("The file %1 can no longer be read.").arg(m_record.file);
        return false;
    }
    if (info.size() != m_record.size || info.lastModified().toMSecsSinceEpoch() != m_record.modifiedMs) {
        *problem = tr("The file %1 changed since the upload began; cancel this upload and start a new one.")
                       .arg(m_record.file);
        return false;
    }
    return true;
}

void ImageUpload::continueUpload()
{
    QString problem;
    if (!fileUnchanged(&problem)) {
        fail(problem);
        return;
    }
    setState(State::Uploading);
    if (m_record.sha256.isEmpty())
        startHash();
    pump();
}

void ImageUpload::startHash()
{
    m_hashed = std::make_shared<std::atomic<qint64>>(0);
    m_stopHash = std::make_shared<std::atomic<bool>>(false);
    m_hashing = true;
    const LatestAnswer::Ticket generation = m_latestRound.current();
    // A watcher, a child of this upload: if the upload goes first, nobody hears of the result.
    auto* watcher = new QFutureWatcher<HashResult>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (!m_latestRound.isLatest(generation))
            return;
        const HashResult result = watcher->result();
        m_hashing = false;
        if (result.digest.isEmpty()) {
            fail(tr("The file %1 could not be read: %2").arg(m_record.file, result.problem));
            return;
        }
        m_record.sha256 = result.digest;
        m_owner->save();
        Q_EMIT changed();
        pump();
    });
    watcher->setFuture(QtConcurrent::run(&m_owner->m_hashPool, [path = m_record.file, size = m_record.size,
                                                                done = m_hashed, stop = m_stopHash] {
        Sha256 hash;
        HashResult result;
        if (hash.addFile(path, 0, size, &result.problem, done.get(), stop.get()))
            result.digest = QString::fromLatin1(hash.hexDigest());
        return result;
    }));
}

void ImageUpload::pump()
{
    if (m_state != State::Uploading)
        return;
    const int count = partCount();
    const int parallel = std::max(1, m_owner->options().parallelParts);
    for (int part = 1; part <= count && m_inFlight.size() < parallel; ++part) {
        if (!m_done.contains(part) && !m_inFlight.contains(part) && !m_retryTimers.contains(part))
            startPart(part);
    }
    if (m_done.size() == count && m_inFlight.isEmpty() && !m_record.sha256.isEmpty())
        complete();
}

void ImageUpload::startPart(int part)
{
    InFlight f;
    f.sent = std::make_shared<std::atomic<qint64>>(0);
    ++m_attempts[part];
    const LatestAnswer::Ticket generation = m_latestRound.current();
    const auto reply = m_owner->client()->imagePartUrl(m_record.imageId, part);
    f.urlCall = reply.call();
    m_inFlight.insert(part, f);
    reply.onSuccess(this, [this, generation, part](const ImagePartUrl& url) {
        if (!m_latestRound.isLatest(generation))
            return;
        const auto it = m_inFlight.find(part);
        if (it == m_inFlight.end())
            return;
        it->urlCall = nullptr;
        QString why;
        if (!PartTransfer::isAllowedUrl(url.url, &why)) {
            fail(tr("The server gave an upload address the app does not send files to: %1").arg(why));
            return;
        }
        it->transfer = m_owner->transfer()->send(
            {url.url, m_record.file, qint64(part - 1) * m_record.partSize, partLength(part)}, it->sent);
        m_owner->m_transferParts.insert(it->transfer, {this, part});
    });
    reply.onFailure(this, [this, generation, part](const ApiError& error) {
        if (!m_latestRound.isLatest(generation) || error.kind() == ApiError::Kind::Cancelled)
            return;
        m_inFlight.remove(part);
        // Asking for the URL: only what may pass (the client has tried a few times already).
        retryOrFail(part, error, error.isTransient());
    });
}

void ImageUpload::partFinished(int part, quint64 transfer, const ApiError& error)
{
    const auto it = m_inFlight.constFind(part);
    if (it == m_inFlight.cend() || it->transfer != transfer)
        return;
    m_inFlight.erase(it);
    if (!error.isError()) {
        m_done.insert(part);
        m_doneBytes += partLength(part);
        m_owner->save();
        Q_EMIT partUploaded(part);
        pump();
        return;
    }
    if (error.kind() == ApiError::Kind::Cancelled)
        return;
    // The bytes' way: a server error, a dropped connection, and an expired URL (403; the next
    // attempt asks for a new one) may pass.
    retryOrFail(part, error, error.isTransient() || error.reason() == ApiError::Reason::Forbidden);
}

void ImageUpload::retryOrFail(int part, const ApiError& error, bool retryable)
{
    const int attempts = m_attempts.value(part);
    const bool retrying = retryable && attempts < m_owner->options().maxAttempts;
    Q_EMIT partFailed(part, error, retrying);
    if (!retrying) {
        fail(tr("Part %1 of %2 could not be uploaded (%n attempt(s)): %3", nullptr, attempts)
                 .arg(part)
                 .arg(partCount())
                 .arg(error.message()));
        return;
    }
    auto* timer = new QTimer(this);
    timer->setSingleShot(true);
    timer->setInterval(m_owner->retryDelay(attempts));
    connect(timer, &QTimer::timeout, this, [this, part, timer] {
        m_retryTimers.remove(part);
        timer->deleteLater();
        if (m_state == State::Uploading && m_inFlight.size() < std::max(1, m_owner->options().parallelParts))
            startPart(part);
        else
            pump();
    });
    m_retryTimers.insert(part, timer);
    timer->start();
    pump();
}

void ImageUpload::complete()
{
    QString problem;
    if (!fileUnchanged(&problem)) {
        fail(problem);
        return;
    }
    setState(State::Completing);
    const LatestAnswer::Ticket generation = m_latestRound.current();
    const auto reply = m_owner->client()->completeImage(m_record.imageId, m_record.sha256);
    m_call = reply.call();
    reply.onSuccess(this, [this, generation](const Image& image) {
        if (!m_latestRound.isLatest(generation))
            return;
        m_call = nullptr;
        stopAll();
        m_owner->completed(this, image);
    });
    reply.onFailure(this, [this, generation](const ApiError& error) {
        if (!m_latestRound.isLatest(generation))
            return;
        m_call = nullptr;
        fail(tr("The server did not accept the upload: %1").arg(error.message()));
    });
}

void ImageUpload::sampleProgress()
{
    const qint64 uploaded = bytesUploaded();
    const qint64 hashed = bytesHashed();
    const qint64 now = m_clock.elapsed();
    m_samples.emplace_back(now, uploaded);
    while (m_samples.size() > 2 && now - m_samples.front().first > speedWindowMs)
        m_samples.pop_front();
    const qint64 span = m_samples.back().first - m_samples.front().first;
    m_speed = span >= 500 ? double(std::max<qint64>(0, m_samples.back().second - m_samples.front().second))
                                * 1000.0 / double(span)
                          : 0;
    if (uploaded != m_lastUploaded || hashed != m_lastHashed) {
        m_lastUploaded = uploaded;
        m_lastHashed = hashed;
        Q_EMIT changed();
    }
}

// ---------------------------------------------------------------------------------------------
// ImageUploads

// The file's latest contents and whether a write of it is queued: bursts of changes (a part
// acknowledged every few hundred milliseconds) become one write.
struct ImageUploads::PendingSave
{
    std::mutex mutex;
    QByteArray latest;
    bool queued = false;
};

ImageUploads::ImageUploads(ApiClient* client, QObject* parent)
    : QObject(parent)
    , m_client(client)
    , m_pending(std::make_shared<PendingSave>())
{
    m_hashPool.setMaxThreadCount(1);
    m_savePool.setMaxThreadCount(1);
}

PartTransfer* ImageUploads::transfer()
{
    // Its thread starts with the first part: most sessions never upload.
    if (!m_transfer) {
        m_transfer = new PartTransfer(m_client->network(), this);
        connect(m_transfer, &PartTransfer::finished, this, [this](quint64 id, const ApiError& error) {
            const auto owner = m_transferParts.take(id);
            if (owner.first)
                owner.first->partFinished(owner.second, id, error);
        });
    }
    return m_transfer;
}

ImageUploads::~ImageUploads()
{
    for (ImageUpload* upload : std::as_const(m_uploads)) {
        if (upload->isActive())
            upload->stopAll();
    }
    // The last records are written before m_savePool goes (its destructor waits for them).
    save();
    m_uploads.clear();
    // Before the members they use go: those removed but not yet deleted too.
    qDeleteAll(findChildren<ImageUpload*>(Qt::FindDirectChildrenOnly));
    delete std::exchange(m_transfer, nullptr);
}

qint64 ImageUploads::partSizeFor(qint64 fileSize, qint64 preferred)
{
    constexpr qint64 MiB = qint64(1) << 20;
    qint64 size = std::max(preferred, MinPartBytes);
    if ((fileSize + size - 1) / size > MaxParts)
        size = ((fileSize + MaxParts - 1) / MaxParts + MiB - 1) / MiB * MiB;
    return size;
}

std::chrono::milliseconds ImageUploads::retryDelay(int attempt) const
{
    const qint64 base = m_options.retryBaseDelay.count();
    const qint64 delay = std::min<qint64>(m_options.maxRetryDelay.count(), base << std::min(attempt - 1, 16));
    // Up to a quarter more, so that parts that failed together do not retry together.
    const qint64 jitter = delay > 0 ? qint64(QRandomGenerator::global()->bounded(quint32(delay / 4 + 1))) : 0;
    return std::chrono::milliseconds(delay + jitter);
}

void ImageUploads::setStateFile(const QString& path)
{
    if (path == m_file)
        return;
    m_file = path;
    m_problem.clear();
    if (path.isEmpty())
        return;
    QFile file(path);
    if (!file.exists())
        return;
    QJsonParseError parseError{};
    QJsonDocument document;
    if (file.open(QIODevice::ReadOnly) && file.size() <= qint64(16) << 20)
        document = QJsonDocument::fromJson(file.readAll(), &parseError);
    const QJsonObject root = document.object();
    const bool readable = document.isObject() && root.value(QStringLiteral("version")).toInt() == stateVersion
                          && root.value(QStringLiteral("uploads")).isArray();
    QList<ImageUpload::Record> records;
    bool allGood = readable;
    for (const auto& v : constValue(root.value(QStringLiteral("uploads")).toArray())) {
        if (const auto record = recordFromJson(v.toObject()))
            records.append(*record);
        else
            allGood = false;
    }
    if (!allGood) {
        file.close();
        QFile::remove(path + QStringLiteral(".unreadable"));
        QFile::rename(path, path + QStringLiteral(".unreadable"));
        m_problem = tr("The record of unfinished image uploads (%1) could not be read; it was moved to %2.")
                        .arg(path, path + QStringLiteral(".unreadable"));
    }
    for (const ImageUpload::Record& record : std::as_const(records)) {
        bool known = false;
        for (const ImageUpload* upload : std::as_const(m_uploads))
            known = known || (!record.imageId.isEmpty() && upload->record().imageId == record.imageId);
        if (known)
            continue;
        ImageUpload* upload = add(record, ImageUpload::State::Paused);
        upload->m_problem = tr("Interrupted: %n of %1 part(s) uploaded. Resume to send the rest.", nullptr,
                               int(record.partsDone.size()))
                                .arg(upload->partCount());
    }
    if (!allGood)
        save();
}

ImageUpload* ImageUploads::start(const QString& file, const QString& workspace, const QString& name,
                                 QString* error)
{
    if (!m_client) {
        *error = tr("Not connected to a server.");
        return nullptr;
    }
    const QFileInfo info(file);
    QFile probe(file);
    if (!info.isFile() || !probe.open(QIODevice::ReadOnly)) {
        *error = tr("%1 cannot be read: %2")
                     .arg(file, info.exists() ? probe.errorString() : tr("there is no such file"));
        return nullptr;
    }
    if (info.size() > MaxImageBytes) {
        *error = tr("%1 has %2 bytes; an image has at most 128 GiB.").arg(file).arg(info.size());
        return nullptr;
    }
    ImageUpload::Record record;
    record.imageName = name;
    record.workspace = workspace;
    record.file = info.absoluteFilePath();
    record.size = info.size();
    record.modifiedMs = info.lastModified().toMSecsSinceEpoch();
    record.partSize = partSizeFor(record.size, m_options.partSize);
    ImageUpload* upload = add(record, ImageUpload::State::Preparing);
    upload->run();
    save();
    return upload;
}

ImageUpload* ImageUploads::add(const ImageUpload::Record& record, ImageUpload::State state)
{
    auto* upload = new ImageUpload(this, record, state);
    m_uploads.append(upload);
    Q_EMIT uploadAdded(upload);
    return upload;
}

void ImageUploads::resume(ImageUpload* upload)
{
    if (m_uploads.contains(upload) && !upload->isActive())
        upload->run();
}

void ImageUploads::pause(ImageUpload* upload)
{
    if (m_uploads.contains(upload) && upload->isActive())
        upload->pause(tr("Paused."));
}

void ImageUploads::cancel(ImageUpload* upload)
{
    if (!m_uploads.contains(upload))
        return;
    upload->stopAll();
    const QString id = upload->record().imageId;
    if (!id.isEmpty() && m_client) {
        const QString name = upload->record().imageName;
        m_client->deleteImage(id).onFailure(this, [this, name](const ApiError& error) {
            if (!error.isNotFound())
                Q_EMIT cancelFailed(name, error);
        });
    }
    remove(upload);
}

void ImageUploads::remove(ImageUpload* upload)
{
    m_uploads.removeOne(upload);
    for (auto it = m_transferParts.begin(); it != m_transferParts.end();) {
        if (it->first == upload)
            it = m_transferParts.erase(it);
        else
            ++it;
    }
    Q_EMIT uploadRemoved(upload);
    upload->deleteLater();
    save();
}

void ImageUploads::completed(ImageUpload* upload, const Image& image)
{
    remove(upload);
    Q_EMIT uploadCompleted(image);
}

void ImageUploads::save()
{
    if (m_file.isEmpty())
        return;
    QJsonArray uploads;
    for (const ImageUpload* upload : std::as_const(m_uploads))
        uploads.append(recordToJson(upload->savedRecord()));
    const QByteArray json = QJsonDocument(QJsonObject{{QStringLiteral("version"), stateVersion},
                                                      {QStringLiteral("uploads"), uploads}})
                                .toJson(QJsonDocument::Compact);
    {
        const std::lock_guard lock(m_pending->mutex);
        m_pending->latest = json;
        if (m_pending->queued)
            return;
        m_pending->queued = true;
    }
    m_savePool.start([pending = m_pending, path = m_file] {
        QByteArray contents;
        {
            const std::lock_guard lock(pending->mutex);
            contents = std::exchange(pending->latest, {});
            pending->queued = false;
        }
        // Nothing secret, but nobody else's business: which files, which images.
        QDir().mkpath(QFileInfo(path).absolutePath());
        QSaveFile file(path);
        if (!file.open(QIODevice::WriteOnly))
            return;
        file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        file.write(contents);
        file.commit();
    });
}

} // namespace sfdesk
