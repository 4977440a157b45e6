// SPDX-License-Identifier: Apache-2.0

#include "sim/http/simthread.h"

#include "sim/http/simserver.h"

namespace sfsim {

SimThread::SimThread(const SimOptions& options, QObject* parent)
    : QObject(parent)
    , m_options(options)
    , m_anchor(new QObject)
{
    m_thread.setObjectName(QStringLiteral("sfsim"));
    m_anchor->moveToThread(&m_thread);
}

SimThread::~SimThread()
{
    if (m_thread.isRunning()) {
        QMetaObject::invokeMethod(
            m_anchor,
            [this] {
                delete m_server;
                m_server = nullptr;
                delete m_anchor;
                m_anchor = nullptr;
            },
            Qt::BlockingQueuedConnection);
        m_thread.quit();
        m_thread.wait();
    }
    delete m_anchor;
}

void SimThread::start()
{
    if (m_thread.isRunning())
        return;
    m_thread.start();
    QMetaObject::invokeMethod(m_anchor, [this] {
        auto* server = new SimServer(m_options);
        QString error;
        if (!server->start(&error)) {
            const qint64 holder = server->storeHolder();
            delete server;
            Q_EMIT failed(error, holder);
            return;
        }
        m_server = server;
        Q_EMIT started(server->baseUrl(), server->tokens());
    });
}

void SimThread::resetWorld(bool demo)
{
    if (!m_thread.isRunning())
        return;
    QMetaObject::invokeMethod(m_anchor, [this, demo] {
        QString error;
        if (!m_server) {
            Q_EMIT resetFailed(QStringLiteral("the simulator is not running"));
            return;
        }
        if (!m_server->resetWorld(demo, &error)) {
            Q_EMIT resetFailed(error);
            return;
        }
        Q_EMIT worldReset(m_server->tokens());
    });
}

} // namespace sfsim
