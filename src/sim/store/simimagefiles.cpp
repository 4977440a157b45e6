// SPDX-License-Identifier: Apache-2.0

#include "sim/store/simimagefiles.h"

#include "common/constvalue.h"
#include "common/sha256.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFuture>
#include <QMap>
#include <QtConcurrentRun>

#include <atomic>
#include <cerrno>
#include <filesystem>
#include <mutex>
#include <system_error>

#include <sys/stat.h>

using namespace Qt::StringLiterals;

namespace sfsim {

using sfdesk::constValue;

struct SimImageFiles::Hashing
{
    std::mutex mutex;
    // The worker's while it runs; this thread's otherwise.
    sfdesk::Sha256 hash;
    QMap<int, qint64> parts; // the parts stored, by number, with their sizes
    int hashedThrough = 0;   // parts 1..hashedThrough are in the hash
    int hashingThrough = 0;  // the worker takes parts up to this one in
    bool stale = false;      // a part the hash has taken in (or is taking in) arrived again
    bool broken = false;     // a part could not be read: wait for the next part to try again
    std::atomic<bool> cancelled{false};
    QFuture<void> worker;
};

namespace {

// Creates the folder and any missing parent 0700, as the store creates its own: the images are the
// account's data.
bool makePrivateFolder(const QString& path)
{
    QStringList missing;
    for (QString dir = QDir(path).absolutePath(); !QFileInfo::exists(dir);
         dir = QFileInfo(dir).absolutePath())
        missing.prepend(dir);
    for (const QString& dir : std::as_const(missing)) {
        if (::mkdir(QFile::encodeName(dir).constData(), 0700) != 0 && errno != EEXIST)
            return false;
    }
    return QFileInfo(path).isDir();
}

} // namespace

SimImageFiles::SimImageFiles(const QString& root, QObject* parent)
    : QObject(parent)
{
    if (root.isEmpty()) {
        m_temporary = std::make_unique<QTemporaryDir>();
        m_root = m_temporary->path();
    } else {
        m_root = QDir(root).absolutePath();
    }
    makePrivateFolder(m_root);
    m_pool.setMaxThreadCount(1);
}

SimImageFiles::~SimImageFiles()
{
    for (const auto& h : std::as_const(m_hashing))
        h->cancelled = true;
    m_pool.waitForDone();
}

bool SimImageFiles::isUsable(QString* error) const
{
    const QFileInfo info(m_root);
    if (!info.isDir() || !info.isWritable()) {
        *error = u"the image folder %1 is missing or cannot be written"_s.arg(m_root);
        return false;
    }
    return true;
}

QString SimImageFiles::imageFolder(const QString& imageId) const
{
    return m_root + u'/' + imageId;
}

QString SimImageFiles::partPath(const QString& imageId, int part) const
{
    return imageFolder(imageId) + u"/part-%1"_s.arg(part, 5, 10, QLatin1Char('0'));
}

std::unique_ptr<QTemporaryFile> SimImageFiles::newPartFile(const QString& imageId, QString* error) const
{
    const QString folder = imageFolder(imageId);
    if (!makePrivateFolder(folder)) {
        *error = u"cannot create the folder %1"_s.arg(folder);
        return nullptr;
    }
    auto file = std::make_unique<QTemporaryFile>(folder + u"/.upload-XXXXXX"_s);
    if (!file->open()) {
        *error = file->errorString();
        return nullptr;
    }
    return file;
}

bool SimImageFiles::placePart(QTemporaryFile& written, const QString& imageId, int part, QString* error)
{
    if (!written.flush()) {
        *error = written.errorString();
        return false;
    }
    std::error_code code;
    // Replaces an earlier upload of the part in one step; QFile::rename() would not overwrite it.
    std::filesystem::rename(QFile::encodeName(written.fileName()).toStdString(),
                            QFile::encodeName(partPath(imageId, part)).toStdString(), code);
    if (code) {
        *error = QString::fromStdString(code.message());
        return false;
    }
    written.setAutoRemove(false);
    return true;
}

std::shared_ptr<SimImageFiles::Hashing> SimImageFiles::hashing(const QString& imageId)
{
    auto& h = m_hashing[imageId];
    if (!h)
        h = std::make_shared<Hashing>();
    return h;
}

void SimImageFiles::partStored(const QString& imageId, int part, qint64 size)
{
    const auto h = hashing(imageId);
    {
        const std::lock_guard lock(h->mutex);
        if (part <= h->hashingThrough || part <= h->hashedThrough)
            h->stale = true;
        h->parts.insert(part, size);
        h->broken = false;
    }
    advance(imageId);
}

void SimImageFiles::advance(const QString& imageId)
{
    const auto h = m_hashing.value(imageId);
    if (!h)
        return;
    QList<std::pair<QString, qint64>> next;
    int first = 0;
    {
        const std::lock_guard lock(h->mutex);
        if (h->worker.isRunning() || h->broken)
            return;
        if (h->stale) {
            h->hash.reset();
            h->hashedThrough = 0;
            h->stale = false;
        }
        first = h->hashedThrough + 1;
        // A few parts at a time, so that a part that arrives again is noticed soon.
        for (int part = first; h->parts.contains(part) && next.size() < 4; ++part)
            next.append({partPath(imageId, part), h->parts.value(part)});
        if (next.isEmpty())
            return;
        h->hashingThrough = h->hashedThrough + int(next.size());
        h->worker = QtConcurrent::run(&m_pool, [h, next, first] {
            int part = first;
            for (const auto& [path, size] : next) {
                QString error;
                const bool ok = h->hash.addFile(path, 0, size, &error, nullptr, &h->cancelled);
                const std::lock_guard partDone(h->mutex);
                if (!ok) {
                    // Whatever the hash took of it, it is no longer the parts' hash.
                    h->stale = true;
                    h->broken = true;
                    break;
                }
                h->hashedThrough = part++;
            }
            const std::lock_guard allDone(h->mutex);
            h->hashingThrough = h->hashedThrough;
        });
    }
    h->worker.then(this, [this, imageId] { advance(imageId); });
}

std::optional<QByteArray> SimImageFiles::digest(const QString& imageId,
                                                const QList<std::pair<int, qint64>>& parts, QString* error)
{
    const auto h = hashing(imageId);
    // At most the few parts it has taken on; the rest is read here.
    h->worker.waitForFinished();
    const std::lock_guard lock(h->mutex);
    bool usable = !h->stale && h->hashedThrough <= parts.size();
    for (int i = 0; usable && i < h->hashedThrough; ++i)
        usable = parts.at(i).first == i + 1 && h->parts.value(i + 1, -1) == parts.at(i).second;
    if (!usable) {
        h->hash.reset();
        h->hashedThrough = 0;
    }
    for (qsizetype i = h->hashedThrough; i < parts.size(); ++i) {
        const auto& [part, size] = parts.at(i);
        const QString path = partPath(imageId, part);
        if (QFileInfo(path).size() != size
            || !h->hash.addFile(path, 0, size, error, nullptr, &h->cancelled)) {
            if (QFileInfo(path).size() != size)
                *error = u"part %1 has %2 bytes on the server, not the %3 that were uploaded"_s.arg(part)
                             .arg(QFileInfo(path).size())
                             .arg(size);
            h->stale = true;
            return std::nullopt;
        }
        h->parts.insert(part, size);
        h->hashedThrough = part;
    }
    QByteArray digest = h->hash.hexDigest();
    // An upload is completed once; a complete that fails after this reads the parts again.
    h->stale = true;
    return digest;
}

void SimImageFiles::remove(const QString& imageId)
{
    if (const auto h = m_hashing.take(imageId))
        h->cancelled = true;
    QDir(imageFolder(imageId)).removeRecursively();
}

void SimImageFiles::clear()
{
    for (const auto& h : std::as_const(m_hashing))
        h->cancelled = true;
    m_pool.waitForDone();
    m_hashing.clear();
    const QDir root(m_root);
    for (const QString& entry : constValue(root.entryList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden)))
        QDir(root.filePath(entry)).removeRecursively();
}

} // namespace sfsim
