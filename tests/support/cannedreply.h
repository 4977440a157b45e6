// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QByteArray>
#include <QList>
#include <QNetworkAccessManager>
#include <QNetworkReply>

#include <utility>

namespace sfdesk {

// What a fake network answers to one request.
struct CannedAnswer
{
    int status = 200;
    QByteArray body;
    // A transport error instead of (or besides) the status; by default derived from the status.
    QNetworkReply::NetworkError error = QNetworkReply::NoError;
    QList<std::pair<QByteArray, QByteArray>> headers = {};
    // Never finishes unless aborted (for cancel and destruction tests).
    bool hang = false;
    // Finishes this much later (for answers that overtake one another).
    int delayMs = 0;
};

// A reply that finishes on the next turn of the event loop, as a real one would, with the canned
// status, headers and JSON body; an HTTP error status sets the network error Qt would set.
class CannedReply final : public QNetworkReply
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CannedReply)

public:
    CannedReply(const QNetworkRequest& request, QNetworkAccessManager::Operation operation,
                const QByteArray& verb, const CannedAnswer& answer, QObject* parent);
    ~CannedReply() override;

    void abort() override;
    qint64 bytesAvailable() const override;
    bool isSequential() const override { return true; }

protected:
    qint64 readData(char* data, qint64 maxSize) override;

private:
    QByteArray m_data;
    qint64 m_offset = 0;
    bool m_done = false;
};

} // namespace sfdesk
