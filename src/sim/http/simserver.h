// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "sim/api/simfaults.h"
#include "sim/world/simoptions.h"

#include <QJsonObject>
#include <QObject>
#include <QUrl>

#include <functional>
#include <memory>

class QHttpServer;
class QLockFile;
class QHttpServerRequest;
class QHttpServerResponder;
class QTcpServer;

namespace sfsim {

class SimApi;
struct SimApiRequest;
class SimImageFiles;
class SimStore;
class SimTransfers;

// The HTTP face of sfsim. Every request goes through one dispatcher, so that every failure,
// unknown routes included, answers with the API's error envelope. Runs on the thread that owns
// it and never blocks its event loop for longer than one request's transaction, so it can live
// inside a GUI application.
class SimServer final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SimServer)

public:
    explicit SimServer(const SimOptions& options, QObject* parent = nullptr);
    ~SimServer() override;

    bool start(QString* error);
    QUrl baseUrl() const;
    quint16 port() const;
    // The listener that presigned image transfer URLs point at (SimTransfers).
    QUrl transferUrl() const;
    // The seeded API tokens by label (acme-owner, acme-viewer, acme-research-writer, globex-owner).
    QJsonObject tokens() const;
    // True when this start created the world (the first start of a store).
    bool seededOnStart() const { return m_seededOnStart; }
    // Replaces the world by a new one, the demo world (SimOptions::demo) or the plain one, on the
    // same address: the store is deleted and seeded again. The tokens change (tokens() has the new
    // ones, and the tokens file when there is one). On failure the server answers 503 until a
    // reset succeeds.
    bool resetWorld(bool demo, QString* error);

    // Why start() failed: another process holds the store (its id and name), which the app
    // explains in its own words. 0 when that was not why.
    qint64 storeHolder() const { return m_storeHolder; }
    QString storeHolderName() const { return m_storeHolderName; }

    static constexpr qint64 maxBodyBytes = 1024 * 1024;

private:
    // Locks the store for this process (a file beside it), or says who holds it.
    bool lockStore(QString* error);
    // Opens the store, seeds it when new (writing the tokens file before the world commits),
    // seeds again a demo world an earlier start left half made, and replaces tokens the tokens
    // file lost.
    bool openWorld(QString* error);
    // A SimApi on the open store, attached to the image transfers' listener.
    bool makeApi(const std::function<bool(const QJsonObject&, QString*)>& keep, QString* error);
    bool writeTokensFile(const QJsonObject& tokens, QString* error) const;
    // Closes the store and deletes its files; a new, closed store takes its place.
    bool removeStoreFiles(QString* error);
    void dispatch(const QHttpServerRequest& request, QHttpServerResponder& responder);
    void logRequest(const QHttpServerRequest& request, const SimApiRequest& r);
    // Handles a request under its faults: an error instead of an answer, or the answer lost or
    // cut off after the request took effect.
    void respond(const SimApiRequest& request, const FaultDecision& faults, QHttpServerResponder& responder,
                 quint16 remotePort);
    // GET or POST /_sim/faults: the faults in force, and changing them at run time.
    void faultsControl(const SimApiRequest& request, QHttpServerResponder& responder);
    // Closes the client's connection at once (a dropped connection).
    void abortConnection(quint16 remotePort);

    SimOptions m_options;
    std::unique_ptr<SimStore> m_store;
    std::unique_ptr<SimApi> m_api;
    std::unique_ptr<QHttpServer> m_http;
    QTcpServer* m_tcp = nullptr;
    std::unique_ptr<SimImageFiles> m_imageFiles;
    std::unique_ptr<SimTransfers> m_transfers;
    bool m_seededOnStart = false;
    std::unique_ptr<QLockFile> m_lock;
    qint64 m_storeHolder = 0;
    QString m_storeHolderName;
    FaultInjector m_faults;
};

} // namespace sfsim
