// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/api/apierror.h"
#include "core/model/resources.h"
#include "core/util/latestanswer.h"

#include <QElapsedTimer>
#include <QFuture>
#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QString>
#include <QThreadPool>
#include <QTimer>

#include <atomic>
#include <chrono>
#include <deque>
#include <memory>

namespace sfdesk {

class ApiCall;
class ApiClient;
class ImageUploads;
class PartTransfer;

// One image upload, as the sf CLI does it: create the image, PUT each part of the file to a
// presigned URL (a few at a time, each retried with backoff), compute the file's SHA-256 meanwhile
// on a worker thread, then complete the upload with it, which the server checks. The file is read
// in blocks, never whole. What is needed to go on after a failure or a restart of the app (the
// image, the file with its size and time, the part size, the parts the server acknowledged and,
// once known, the SHA-256) is its Record, which ImageUploads keeps in a file.
class ImageUpload final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ImageUpload)

public:
    enum class State
    {
        Preparing,  // creating the image
        Uploading,  // parts on their way, the SHA-256 being computed
        Completing, // the server checks the bytes
        Paused,     // stopped with the app (or by the user); resume() goes on
        Failed,     // stopped on an error; resume() tries again
    };
    Q_ENUM(State)

    struct Record
    {
        QString imageId; // empty until the image exists
        QString imageName;
        QString workspace; // the workspace's ID, as the image was created in
        QString file;
        qint64 size = 0;
        qint64 modifiedMs = 0; // the file's modification time when the upload began
        qint64 partSize = 0;
        QList<int> partsDone; // acknowledged by the server, ascending
        QString sha256;       // of the file, once computed
        bool operator==(const Record&) const = default;
    };

    ~ImageUpload() override;

    const Record& record() const { return m_record; }
    State state() const { return m_state; }
    bool isActive() const
    {
        return m_state == State::Preparing || m_state == State::Uploading || m_state == State::Completing;
    }
    // Why it failed or paused, for the user; empty otherwise.
    QString problem() const { return m_problem; }
    int partCount() const;
    qint64 partLength(int part) const;
    // Bytes the server acknowledged plus those of the parts on their way.
    qint64 bytesUploaded() const;
    qint64 bytesHashed() const;
    // Over the last few seconds; 0 while nothing moves.
    double bytesPerSecond() const { return m_speed; }

Q_SIGNALS:
    // State, problem or progress changed (progress at most five times a second).
    void changed();
    // The server acknowledged a part.
    void partUploaded(int part);
    // A part's attempt failed; it is tried again after a while, or the upload fails.
    void partFailed(int part, const sfdesk::ApiError& error, bool retrying);

private:
    friend class ImageUploads;
    ImageUpload(ImageUploads* owner, Record record, State state);

    void run();
    void pause(const QString& why);
    void fail(const QString& problem);
    // Stops every part, the hash and the pending calls; keeps the record.
    void stopAll();
    void createImage();
    // After a 409 for the name: the image an earlier attempt created, if it still has no part.
    void adoptStartedImage(const ApiError& conflict);
    void continueUpload();
    bool fileUnchanged(QString* problem) const;
    void startHash();
    void pump();
    void startPart(int part);
    void partFinished(int part, quint64 transfer, const ApiError& error);
    void retryOrFail(int part, const ApiError& error, bool retryable);
    // The record with the acknowledged parts, as the file keeps it.
    Record savedRecord() const;
    void complete();
    void sampleProgress();
    void setState(State state);

    struct HashResult
    {
        QString digest; // empty when the file could not be read
        QString problem;
    };

    ImageUploads* m_owner;
    Record m_record;
    State m_state;
    QString m_problem;
    // Parts on their way: the transfer's id (0 while its URL is asked for) and its bytes so far.
    struct InFlight
    {
        quint64 transfer = 0;
        QPointer<ApiCall> urlCall;
        std::shared_ptr<std::atomic<qint64>> sent;
    };
    QHash<int, InFlight> m_inFlight;
    QSet<int> m_done;
    qint64 m_doneBytes = 0;
    QHash<int, int> m_attempts;
    QHash<int, QTimer*> m_retryTimers;
    QPointer<ApiCall> m_call; // create or complete
    // The hash's run: its progress and its stop, shared with the worker.
    std::shared_ptr<std::atomic<qint64>> m_hashed;
    std::shared_ptr<std::atomic<bool>> m_stopHash;
    bool m_hashing = false;
    // Bumped by every stop: results of what ran before are ignored.
    LatestAnswer m_latestRound;
    QTimer m_progressTimer;
    QElapsedTimer m_clock;
    std::deque<std::pair<qint64, qint64>> m_samples; // (ms, bytes uploaded)
    double m_speed = 0;
    qint64 m_lastUploaded = -1;
    qint64 m_lastHashed = -1;
};

// The image uploads of one connection (its Session's): starts them, keeps their records in a file
// (replaced atomically on every change, written off the UI thread) so that a restart of the app
// finds the unfinished ones paused, to be resumed with the parts not yet acknowledged, or
// cancelled (the image is then deleted on the server).
class ImageUploads final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ImageUploads)

public:
    struct Options
    {
        // The sf CLI's: 64 MiB parts, three at a time; more parts than MaxParts grow the size.
        qint64 partSize = qint64(64) << 20;
        int parallelParts = 3;
        // Attempts per part before the upload fails; the delays double from the base.
        int maxAttempts = 6;
        std::chrono::milliseconds retryBaseDelay{1000};
        std::chrono::milliseconds maxRetryDelay{30000};
    };
    // The document's bounds.
    static constexpr qint64 MaxImageBytes = qint64(128) << 30;
    static constexpr int MaxParts = 10000;
    static constexpr qint64 MinPartBytes = qint64(5) << 20;

    explicit ImageUploads(ApiClient* client, QObject* parent = nullptr);
    // Pauses what runs and writes the records down.
    ~ImageUploads() override;

    void setOptions(const Options& options) { m_options = options; }
    const Options& options() const { return m_options; }
    ApiClient* client() const { return m_client; }

    // Where the records are kept; the uploads found there are added, paused. An empty path keeps
    // them in memory. A file that cannot be read is moved aside and described by problem().
    void setStateFile(const QString& path);
    QString stateFile() const { return m_file; }
    QString problem() const { return m_problem; }

    QList<ImageUpload*> uploads() const { return m_uploads; }
    // Uploads `file` as a new image `name` (empty: the server names it) in `workspace` (its ID).
    // Null with *error when the file cannot be uploaded (unreadable, empty name rules aside,
    // larger than 128 GiB).
    ImageUpload* start(const QString& file, const QString& workspace, const QString& name, QString* error);
    void resume(ImageUpload* upload);
    void pause(ImageUpload* upload);
    // Stops the upload and deletes its image on the server; the upload leaves the list.
    void cancel(ImageUpload* upload);

    // The part size for a file: the preferred one, grown to whole MiB until the file fits MaxParts.
    static qint64 partSizeFor(qint64 fileSize, qint64 preferred);

Q_SIGNALS:
    void uploadAdded(sfdesk::ImageUpload* upload);
    // The upload leaves the list (completed or cancelled) and is deleted after this.
    void uploadRemoved(sfdesk::ImageUpload* upload);
    void uploadCompleted(const sfdesk::Image& image);
    // Cancelling could not delete the partial image on the server.
    void cancelFailed(const QString& imageName, const sfdesk::ApiError& error);

private:
    friend class ImageUpload;
    ImageUpload* add(const ImageUpload::Record& record, ImageUpload::State state);
    void remove(ImageUpload* upload);
    void completed(ImageUpload* upload, const Image& image);
    // Writes every record to the file, off the UI thread; the latest state wins.
    void save();
    std::chrono::milliseconds retryDelay(int attempt) const;
    struct PendingSave;

    ApiClient* m_client;
    Options m_options;
    QList<ImageUpload*> m_uploads;
    QString m_file;
    QString m_problem;
    PartTransfer* transfer();

    PartTransfer* m_transfer = nullptr;
    // Which upload's part each transfer carries.
    QHash<quint64, std::pair<QPointer<ImageUpload>, int>> m_transferParts;
    std::shared_ptr<PendingSave> m_pending;
    // One thread hashes (the pool of the app's other work stays free), one writes the records.
    QThreadPool m_hashPool;
    QThreadPool m_savePool;
};

} // namespace sfdesk
