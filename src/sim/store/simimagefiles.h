// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QHash>
#include <QList>
#include <QObject>
#include <QString>
#include <QTemporaryDir>
#include <QTemporaryFile>
#include <QThreadPool>

#include <memory>
#include <optional>
#include <utility>

namespace sfsim {

// Where sfsim keeps the bytes of uploaded images: a folder per image, a file per part, written by
// the transfer server (SimTransfers) as they arrive and read back for downloads. The store says
// which parts an image has; these are only their bytes.
//
// It also hashes each image's parts in order as they arrive, on a worker thread, so that
// completing an upload finds the SHA-256 of its bytes (nearly) ready instead of reading gigabytes
// on the simulator's thread. A part that arrives again after it was hashed starts the hash over.
class SimImageFiles final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SimImageFiles)

public:
    // The bounds of an upload. The document says 128 GiB at most; parts follow the sf CLI's rules
    // (at most 10,000, every part but the last at least 5 MiB) and are at most 512 MiB each, which
    // is what a part's request body may be (the CLI sends 64 MiB).
    static constexpr qint64 MaxImageBytes = qint64(128) << 30;
    static constexpr qint64 MaxPartBytes = qint64(512) << 20;
    static constexpr qint64 MinPartBytes = qint64(5) << 20;
    static constexpr int MaxParts = 10000;

    // `root` is created 0700 when missing; an empty root is a temporary folder removed at the end.
    explicit SimImageFiles(const QString& root, QObject* parent = nullptr);
    ~SimImageFiles() override;

    QString root() const { return m_root; }
    // Whether the folder exists and can be written; *error says why not.
    bool isUsable(QString* error) const;

    QString imageFolder(const QString& imageId) const;
    QString partPath(const QString& imageId, int part) const;
    // A new file, open for writing, for a part's bytes in the image's folder; removed when it goes
    // away unless placePart() took it.
    std::unique_ptr<QTemporaryFile> newPartFile(const QString& imageId, QString* error) const;
    // Moves a written part file into place (replacing an earlier upload of that part), atomically.
    bool placePart(QTemporaryFile& written, const QString& imageId, int part, QString* error);
    // The store recorded the part: the running hash takes it in when its turn comes.
    void partStored(const QString& imageId, int part, qint64 size);

    // The SHA-256 (hex) of the image's parts in order, each of the given size: what the running
    // hash has, the rest read now. nullopt with *error when a part's bytes are missing or short.
    std::optional<QByteArray> digest(const QString& imageId, const QList<std::pair<int, qint64>>& parts,
                                     QString* error);

    // Forgets an image and removes its bytes.
    void remove(const QString& imageId);
    // Forgets every image and removes their bytes (a new world).
    void clear();

private:
    struct Hashing;
    std::shared_ptr<Hashing> hashing(const QString& imageId);
    // Starts the worker on the parts that continue the hash, unless it runs.
    void advance(const QString& imageId);

    std::unique_ptr<QTemporaryDir> m_temporary;
    QString m_root;
    // One thread hashes for every image: the simulator's own work, which must not take the threads
    // of the app that embeds it.
    QThreadPool m_pool;
    QHash<QString, std::shared_ptr<Hashing>> m_hashing;
};

} // namespace sfsim
