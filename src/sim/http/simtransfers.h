// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QHash>
#include <QHostAddress>
#include <QObject>
#include <QPointer>
#include <QTcpServer>
#include <QUrl>

namespace sfsim {

class FaultInjector;
class SimApi;
class SimImageFiles;

// sfsim's second listener, on the same address as the API: the presigned URLs of image uploads
// and downloads point here, as the real service's point at its object store. It is not the API's
// listener because QHttpServer reads a request's whole body into memory before a handler sees it,
// and a part is up to 512 MiB: here a part's body goes to its file as it arrives and a download
// leaves from the files, in blocks, with memory bounded by the socket buffers.
//
//   PUT /upload/<token>     one part's bytes (Content-Length required, at most 512 MiB): 200, or
//                           the API's error envelope (403 expired URL, 400 upload over, 413, 411)
//   GET|HEAD /download/<token>   the image's bytes, its parts in order
//
// Its own limits, as SimListener keeps the API's: a request head at most 16 KiB that arrives within
// 10 s of its first byte, 60 s without a byte closes the connection, at most 64 connections. The
// API's faults apply to transfers too, and fail_part makes chosen parts fail (simfaults.h).
class SimTransfers final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SimTransfers)

public:
    struct Limits
    {
        qint64 maxHeaderBytes = 16 * 1024;
        int headDeadlineMs = 10'000;
        int idleTimeoutMs = 60'000;
        int maxConnections = 64;
    };

    SimTransfers(SimImageFiles& files, FaultInjector& faults, const Limits& limits,
                 QObject* parent = nullptr);
    ~SimTransfers() override;

    bool listen(const QHostAddress& address, QString* error);
    // http://<address>:<port>, the base of the presigned URLs.
    QUrl baseUrl() const;
    // The world the tokens are checked against; none (a reset in progress) answers 503.
    void setApi(SimApi* api) { m_api = api; }
    int openConnections() const { return m_open; }

private:
    friend class TransferConnection;
    void accept();

    QTcpServer m_server;
    SimImageFiles& m_files;
    FaultInjector& m_faults;
    Limits m_limits;
    SimApi* m_api = nullptr;
    int m_open = 0;
    // Uploads of a part failed on purpose so far (fail_part), by "image/part".
    QHash<QString, int> m_failedParts;
};

} // namespace sfsim
