#pragma once

#include "sim/simoptions.h"

#include <QJsonValue>
#include <QObject>
#include <QUrl>

#include <memory>

class QHttpServer;
class QHttpServerRequest;
class QHttpServerResponder;
class QTcpServer;

// The HTTP face of sfsim. Every request goes through one dispatcher, so that every failure,
// unknown routes included, answers with the API's error envelope.
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

private:
    void dispatch(const QHttpServerRequest& request, QHttpServerResponder& responder);

    SimOptions m_options;
    std::unique_ptr<QHttpServer> m_http;
    QTcpServer* m_tcp = nullptr;
};
