// SPDX-License-Identifier: Apache-2.0

#include "sim/world/simworld.h"

#include "common/constvalue.h"
#include "sim/store/simstore.h"
#include "sim/world/simids.h"

#include <QCryptographicHash>
#include <QStringList>

#include <cmath>

using namespace Qt::StringLiterals;

namespace sfsim {

using sfdesk::constValue;

namespace world {

namespace {

struct SkuSpec
{
    const char* alias;
    const char* region;
    const char* zone;
    const char* accelerator;
    const char* acceleratorDisplay;
    const char* formFactor;
    const char* rdma;   // nullptr: no RDMA
    const char* fabric; // nullptr: not on a fabric
    int accelerators;
    int vcpus;
    qint64 memoryGiB;
    qint64 storageGiB;
    bool publicIpv4;
    int baseNodes;
};

constexpr qint64 GiB = 1024ll * 1024 * 1024;

// europe-north1-a holds two fabrics; europe-north1-b and us-central2-a one each; the US RoCE
// and PCIe SKUs are on no fabric.
const SkuSpec skus[] = {
    {"hel-a-h100-ib", "europe-north1", "a", "h100", "NVIDIA H100 (80GB)", "sxm", "infiniband",
     "europe-north1-a.fab1", 8, 112, 2016, 1536, false, 48},
    {"hel-a-h200-ib", "europe-north1", "a", "h200", "NVIDIA H200 (141GB)", "sxm", "infiniband",
     "europe-north1-a.fab2", 8, 112, 2016, 3072, false, 32},
    {"hel-a-h100-ib2", "europe-north1", "a", "h100", "NVIDIA H100 (80GB)", "sxm", "infiniband",
     "europe-north1-a.fab2", 8, 112, 2016, 1536, false, 24},
    {"hel-b-b200-ib", "europe-north1", "b", "b200", "NVIDIA B200 (180GB)", "sxm", "infiniband",
     "europe-north1-b.fab1", 8, 128, 2048, 7680, false, 16},
    {"dfw-a-h100-ib", "us-central2", "a", "h100", "NVIDIA H100 (80GB)", "sxm", "infiniband",
     "us-central2-a.fab1", 8, 112, 2016, 1536, true, 40},
    {"sea-3-h100", "us-west1", "a", "h100", "NVIDIA H100 (80GB)", "sxm", "roce", nullptr, 8, 56, 2016, 1536,
     true, 64},
    {"iad-12-h200", "us-east1", "b", "h200", "NVIDIA H200 (141GB)", "sxm", "roce", nullptr, 8, 56, 2016, 3072,
     true, 32},
    {"sea-4-l40s", "us-west1", "b", "l40s", "NVIDIA L40S (48GB)", "pcie", nullptr, nullptr, 4, 32, 512, 960,
     true, 20},
};

const char* const fabrics[][3] = {
    {"europe-north1-a.fab1", "europe-north1", "a"},
    {"europe-north1-a.fab2", "europe-north1", "a"},
    {"europe-north1-b.fab1", "europe-north1", "b"},
    {"us-central2-a.fab1", "us-central2", "a"},
};

QString s(const char* text)
{
    return QString::fromUtf8(text);
}

} // namespace

bool isSeeded(SimStore& store)
{
    return !store.meta(u"seed"_s).isEmpty();
}

QJsonObject seed(SimStore& store, quint64 seedValue, qint64 now)
{
    IdGenerator ids(seedValue);
    store.setMeta(u"seed"_s, QString::number(seedValue));
    store.setMeta(u"seeded_at"_s, QString::number(now));
    const qint64 accountCreated = now - 86400 * 180;

    // Accounts, balances (micro-dollars) and workspaces.
    const qint64 acmeBalance = (25000 + ids.bounded(25000)) * 1000000ll;
    const qint64 globexBalance = (5000 + ids.bounded(5000)) * 1000000ll;
    store.exec(u"INSERT INTO accounts(id, created_at, entity_type, balance_micros) VALUES(?, ?, ?, ?)"_s,
               {u"acme"_s, accountCreated, u"business"_s, acmeBalance});
    store.exec(u"INSERT INTO accounts(id, created_at, entity_type, balance_micros) VALUES(?, ?, ?, ?)"_s,
               {u"globex"_s, accountCreated + 86400 * 30, u"business"_s, globexBalance});
    store.exec(u"INSERT INTO accounts(id, created_at, entity_type, balance_micros) VALUES(?, ?, ?, ?)"_s,
               {u"sfcompute"_s, accountCreated - 86400 * 365, u"business"_s, 0});

    QHash<QString, QString> ws;
    auto addWorkspace = [&](const QString& account, const QString& name, qint64 created) {
        const QString id = ids.make(u"wksp"_s);
        store.exec(u"INSERT INTO workspaces(id, account_id, name, created_at) VALUES(?, ?, ?, ?)"_s,
                   {id, account, name, created});
        ws.insert(account + u'/' + name, id);
    };
    addWorkspace(u"sfcompute"_s, u"public"_s, accountCreated - 86400 * 365);
    addWorkspace(u"acme"_s, u"default"_s, accountCreated);
    addWorkspace(u"acme"_s, u"production"_s, accountCreated + 3600);
    addWorkspace(u"acme"_s, u"research"_s, accountCreated + 7200);
    addWorkspace(u"globex"_s, u"default"_s, accountCreated + 86400 * 30);

    // Users.
    const struct
    {
        const char* id;
        const char* account;
        const char* email;
        const char* first;
        const char* last;
    } users[] = {
        {"alice-acme", "acme", "alice@acme.example", "Alice", "Nakamura"},
        {"bob-acme", "acme", "bob@acme.example", "Bob", "Okafor"},
        {"carol-acme", "acme", "carol@acme.example", "Carol", "Lindqvist"},
        {"gina-globex", "globex", "gina@globex.example", "Gina", "Moreau"},
    };
    for (const auto& u : users) {
        store.exec(
            u"INSERT INTO users(id, account_id, email, first_name, last_name, created_at) "
            "VALUES(?, ?, ?, ?, ?, ?)"_s,
            {s(u.id), s(u.account), s(u.email), s(u.first), s(u.last), accountCreated + ids.bounded(86400)});
    }

    // Tokens and their grants (level 1 read, 2 write; no workspace: account-wide).
    IdGenerator secret; // token secrets are not derived from the seed
    QJsonObject tokens;
    auto addToken = [&](const QString& label, const QString& account, const QVariant& user,
                        const QList<std::pair<QVariant, int>>& grants) {
        const QString token = secret.token();
        const QString digest = secretDigest(token);
        store.exec(u"INSERT INTO tokens(token, label, account_id, user_id, hashed) VALUES(?, ?, ?, ?, 1)"_s,
                   {digest, label, account, user});
        for (const auto& [workspace, level] : grants)
            store.exec(u"INSERT INTO grants(token, workspace_id, level) VALUES(?, ?, ?)"_s,
                       {digest, workspace, level});
        tokens.insert(label, token);
    };
    const QVariant noUser{QMetaType(QMetaType::QString)};
    const QVariant accountWide{QMetaType(QMetaType::QString)};
    addToken(u"acme-owner"_s, u"acme"_s, u"alice-acme"_s, {{accountWide, 2}});
    addToken(u"acme-viewer"_s, u"acme"_s, noUser, {{ws.value(u"acme/production"_s), 1}});
    addToken(u"acme-research-writer"_s, u"acme"_s, noUser, {{ws.value(u"acme/research"_s), 2}});
    addToken(u"globex-owner"_s, u"globex"_s, u"gina-globex"_s, {{accountWide, 2}});

    // Feature flags: infiniband-preview is self-enrollable for acme only.
    store.exec(
        u"INSERT INTO feature_flags(name, description) VALUES(?, ?)"_s,
        {u"infiniband-preview"_s, u"Elastic InfiniBand partitions: isolated RDMA networks per workspace."_s});
    store.exec(u"INSERT INTO feature_flags(name, description) VALUES(?, ?)"_s,
               {u"procurements"_s, u"Automated buying and selling to hold a target node count."_s});
    const struct
    {
        const char* flag;
        const char* account;
        bool userEnroll;
        bool enrolled;
    } flags[] = {{"infiniband-preview", "acme", true, false},
                 {"infiniband-preview", "globex", false, false},
                 {"procurements", "acme", true, false},
                 {"procurements", "globex", true, false}};
    for (const auto& f : flags)
        store.exec(
            u"INSERT INTO flag_enrollments(flag, account_id, user_enroll, enrolled) VALUES(?, ?, ?, ?)"_s,
            {s(f.flag), s(f.account), f.userEnroll, f.enrolled});

    // Fabrics and SKUs.
    QHash<QString, QString> fabricIds;
    for (const auto& f : fabrics) {
        const QString id = ids.make(u"ibfab"_s);
        store.exec(u"INSERT INTO fabrics(id, name, region, zone) VALUES(?, ?, ?, ?)"_s,
                   {id, s(f[0]), s(f[1]), s(f[2])});
        fabricIds.insert(s(f[0]), id);
    }
    const qint64 hour = 3600;
    const qint64 firstHour = now - now % hour;
    for (const auto& k : skus) {
        const QString id = ids.make(u"isku"_s);
        store.exec(
            u"INSERT INTO instance_skus(id, alias, region, zone, accelerator, accelerator_display, "
            u"form_factor, "
            "rdma_type, num_accelerators, num_vcpus, memory, local_storage, supports_public_ipv4, fabric_id) "
            "VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s,
            {id, s(k.alias), s(k.region), s(k.zone), s(k.accelerator), s(k.acceleratorDisplay),
             s(k.formFactor), k.rdma ? QVariant(s(k.rdma)) : QVariant(QMetaType(QMetaType::QString)),
             k.accelerators, k.vcpus, k.memoryGiB * GiB, k.storageGiB * GiB, k.publicIpv4,
             k.fabric ? QVariant(fabricIds.value(s(k.fabric))) : QVariant(QMetaType(QMetaType::QString))});
        // Typical offers over the next two weeks, in six-hour blocks with a daily shape (fewer
        // nodes during the working day) and seeded noise; the market sizes its synthetic sellers
        // by their average.
        for (int block = 0; block < 14 * 4; ++block) {
            const qint64 start = firstHour + block * 6 * hour;
            const double daily = 0.75 + 0.25 * std::cos(2 * M_PI * ((block % 4) / 4.0));
            const double noise = 0.8 + 0.4 * ids.uniform();
            const qint64 nodes = qMax<qint64>(0, std::llround(k.baseNodes * daily * noise));
            store.exec(
                u"INSERT INTO sku_offers(instance_sku_id, start_at, end_at, node_count) VALUES(?, ?, ?, ?)"_s,
                {id, start, start + 6 * hour, nodes});
        }
    }

    // Public images.
    const struct
    {
        const char* name;
        bool infiniband;
        int ageDays;
    } images[] = {{"ubuntu-24.04-cuda-13.2", true, 20},
                  {"ubuntu-24.04-cuda-13.1", true, 75},
                  {"ubuntu-22.04.5-cuda-12.7", false, 240}};
    for (const auto& im : images) {
        const QString sha = QString::fromLatin1(
            QCryptographicHash::hash(QByteArray(im.name), QCryptographicHash::Sha256).toHex());
        store.exec(u"INSERT INTO images(id, workspace_id, name, is_public, upload_status, created_at, "
                   u"provider, sha256, "
                   "infiniband_stack) VALUES(?, ?, ?, 1, 'completed', ?, 'sfcompute', ?, ?)"_s,
                   {ids.make(u"image"_s), ws.value(u"sfcompute/public"_s), s(im.name),
                    now - 86400ll * im.ageDays, sha, im.infiniband});
    }
    return tokens;
}

QJsonObject hashStoredSecrets(SimStore& store)
{
    QJsonObject tokens;
    const QList<QSqlRecord> plain = store.rows(u"SELECT label, token FROM tokens WHERE hashed = 0"_s);
    if (plain.isEmpty())
        return tokens;
    // grants reference tokens(token); the check runs at COMMIT, when both sides are digests.
    store.exec(u"PRAGMA defer_foreign_keys = ON"_s);
    for (const auto& r : plain) {
        const QString token = r.value(1).toString();
        const QString digest = secretDigest(token);
        store.exec(u"UPDATE grants SET token = ? WHERE token = ?"_s, {digest, token});
        store.exec(u"UPDATE tokens SET token = ?, hashed = 1 WHERE token = ?"_s, {digest, token});
        tokens.insert(r.value(0).toString(), token);
    }
    // Keys were stored as sent, by the token itself, before digests.
    for (const auto& r : constValue(store.rows(u"SELECT token, route, key FROM idempotency_keys"_s))) {
        store.exec(
            u"UPDATE idempotency_keys SET token = ?, key = ? WHERE token = ? AND route = ? AND key = ?"_s,
            {secretDigest(r.value(0).toString()), secretDigest(r.value(2).toString()), r.value(0), r.value(1),
             r.value(2)});
    }
    return tokens;
}

QJsonObject verifiedTokens(SimStore& store, const QJsonObject& candidates)
{
    QJsonObject out;
    for (const auto& r : constValue(store.rows(u"SELECT label, token FROM tokens WHERE hashed = 1"_s))) {
        const QString label = r.value(0).toString();
        const QString token = candidates.value(label).toString();
        if (!token.isEmpty() && secretDigest(token) == r.value(1).toString())
            out.insert(label, token);
    }
    return out;
}

QJsonObject remintTokens(SimStore& store, const QStringList& keep)
{
    IdGenerator secret; // not derived from the seed, as at seeding
    QJsonObject tokens;
    const QList<QSqlRecord> stored = store.rows(u"SELECT label, token FROM tokens ORDER BY label"_s);
    // grants reference tokens(token); the check runs at COMMIT, when both sides are new.
    store.exec(u"PRAGMA defer_foreign_keys = ON"_s);
    for (const auto& r : stored) {
        const QString label = r.value(0).toString();
        if (keep.contains(label))
            continue;
        const QString old = r.value(1).toString();
        const QString token = secret.token();
        const QString digest = secretDigest(token);
        store.exec(u"UPDATE grants SET token = ? WHERE token = ?"_s, {digest, old});
        store.exec(u"UPDATE idempotency_keys SET token = ? WHERE token = ?"_s, {digest, old});
        store.exec(u"UPDATE tokens SET token = ?, hashed = 1 WHERE token = ?"_s, {digest, old});
        tokens.insert(label, token);
    }
    return tokens;
}

} // namespace world

} // namespace sfsim
