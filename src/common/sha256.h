// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <atomic>

struct evp_md_ctx_st;

namespace sfdesk {

// SHA-256 through OpenSSL's libcrypto, for image uploads, whose files both the client and sfsim
// hash whole: QCryptographicHash's own implementation hashed 37 MB/s on the project's machines,
// libcrypto (with the CPU's SHA extensions) about ten times that. A copy carries the state so far.
class Sha256 final
{
public:
    Sha256();
    ~Sha256();
    Sha256(const Sha256& other);
    Sha256& operator=(const Sha256& other);
    Sha256(Sha256&& other) noexcept;
    Sha256& operator=(Sha256&& other) noexcept;

    void addData(QByteArrayView data);
    // Adds `length` bytes of the file at `path` from `offset`, read in blocks (never the whole file
    // in memory). `done` grows by the bytes read as they are read; `cancel` stops the read between
    // blocks. False with *error on a short or failed read, or when cancelled.
    bool addFile(const QString& path, qint64 offset, qint64 length, QString* error,
                 std::atomic<qint64>* done = nullptr, const std::atomic<bool>* cancel = nullptr);
    // The digest of what was added so far, as 64 lowercase hex digits; the hash goes on.
    QByteArray hexDigest() const;
    void reset();

    // 64 lowercase hex digits, as the API writes a SHA-256.
    static bool isHexDigest(QByteArrayView text);
    static constexpr qint64 BlockBytes = 1 << 20;

private:
    evp_md_ctx_st* m_context;
};

} // namespace sfdesk
