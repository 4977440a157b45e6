// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "sim/world/simoptions.h"

#include <QJsonObject>
#include <QObject>
#include <QThread>
#include <QUrl>

namespace sfsim {

class SimServer;

// Runs a SimServer on a thread of its own, so that seeding the world, SQLite and market matching
// never block the thread that started it (the app's UI thread). started() and failed() arrive on
// the owner's thread.
class SimThread final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SimThread)

public:
    explicit SimThread(const SimOptions& options, QObject* parent = nullptr);
    // Stops the server on its own thread, then the thread.
    ~SimThread() override;

    void start();
    // Replaces the world with the demo world or an empty account, on the server's thread; the
    // tokens are new. Answers with worldReset() or resetFailed().
    void resetWorld(bool demo);

Q_SIGNALS:
    void started(const QUrl& baseUrl, const QJsonObject& tokens);
    // storeHolder: the id of the process that has the store (another app, or another sfsim), when
    // that is why; 0 otherwise.
    void failed(const QString& error, qint64 storeHolder);
    void worldReset(const QJsonObject& tokens);
    void resetFailed(const QString& error);

private:
    SimOptions m_options;
    QThread m_thread;
    // Lives on m_thread: what runs there is invoked on it.
    QObject* m_anchor;
    SimServer* m_server = nullptr;
};

} // namespace sfsim
