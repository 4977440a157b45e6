// SPDX-License-Identifier: Apache-2.0

#include "common/sha256.h"

#include <QFile>

#include <openssl/evp.h>

#include <algorithm>
#include <new>
#include <utility>

namespace sfdesk {

namespace {

EVP_MD_CTX* newContext()
{
    EVP_MD_CTX* context = EVP_MD_CTX_new();
    if (!context || EVP_DigestInit_ex(context, EVP_sha256(), nullptr) != 1)
        throw std::bad_alloc();
    return context;
}

} // namespace

Sha256::Sha256()
    : m_context(newContext())
{}

Sha256::~Sha256()
{
    EVP_MD_CTX_free(m_context);
}

Sha256::Sha256(const Sha256& other)
    : m_context(EVP_MD_CTX_new())
{
    if (!m_context || EVP_MD_CTX_copy_ex(m_context, other.m_context) != 1)
        throw std::bad_alloc();
}

Sha256& Sha256::operator=(const Sha256& other)
{
    if (this != &other && EVP_MD_CTX_copy_ex(m_context, other.m_context) != 1)
        throw std::bad_alloc();
    return *this;
}

Sha256::Sha256(Sha256&& other) noexcept
    : m_context(std::exchange(other.m_context, nullptr))
{}

Sha256& Sha256::operator=(Sha256&& other) noexcept
{
    std::swap(m_context, other.m_context);
    return *this;
}

void Sha256::addData(QByteArrayView data)
{
    if (!m_context)
        m_context = newContext();
    EVP_DigestUpdate(m_context, data.data(), static_cast<size_t>(data.size()));
}

bool Sha256::addFile(const QString& path, qint64 offset, qint64 length, QString* error,
                     std::atomic<qint64>* done, const std::atomic<bool>* cancel)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Unbuffered)) {
        *error = file.errorString();
        return false;
    }
    if (offset > 0 && !file.seek(offset)) {
        *error = file.errorString();
        return false;
    }
    QByteArray block(static_cast<qsizetype>(std::min<qint64>(BlockBytes, std::max<qint64>(length, 1))),
                     Qt::Uninitialized);
    qint64 left = length;
    while (left > 0) {
        if (cancel && cancel->load(std::memory_order_relaxed)) {
            *error = QStringLiteral("cancelled");
            return false;
        }
        const qint64 read = file.read(block.data(), std::min<qint64>(left, block.size()));
        if (read <= 0) {
            *error = read < 0 ? file.errorString() : QStringLiteral("the file ended early");
            return false;
        }
        addData(QByteArrayView(block.constData(), read));
        left -= read;
        if (done)
            done->fetch_add(read, std::memory_order_relaxed);
    }
    return true;
}

QByteArray Sha256::hexDigest() const
{
    EVP_MD_CTX* copy = EVP_MD_CTX_new();
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int size = 0;
    const bool ok = copy && m_context && EVP_MD_CTX_copy_ex(copy, m_context) == 1
                    && EVP_DigestFinal_ex(copy, digest, &size) == 1;
    EVP_MD_CTX_free(copy);
    if (!ok)
        return {};
    return QByteArray(reinterpret_cast<const char*>(digest), size).toHex();
}

void Sha256::reset()
{
    if (!m_context || EVP_DigestInit_ex(m_context, EVP_sha256(), nullptr) != 1) {
        EVP_MD_CTX_free(m_context);
        m_context = newContext();
    }
}

bool Sha256::isHexDigest(QByteArrayView text)
{
    return text.size() == 64 && std::all_of(text.begin(), text.end(), [](char c) {
               return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
           });
}

} // namespace sfdesk
