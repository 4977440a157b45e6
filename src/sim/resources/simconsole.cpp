// SPDX-License-Identifier: Apache-2.0

#include "sim/resources/simconsole.h"

#include "common/constvalue.h"

#include <QCryptographicHash>
#include <QRegularExpression>
#include <QStringList>

using namespace Qt::StringLiterals;

namespace sfsim {

using sfdesk::constValue;

namespace {

QString guid(const QString& seed, int port)
{
    const QByteArray h =
        QCryptographicHash::hash((seed + QString::number(port)).toUtf8(), QCryptographicHash::Sha1);
    const QString hex = QString::fromLatin1(h.toHex());
    return u"%1:%2:%3:%4"_s.arg(hex.mid(0, 4), hex.mid(4, 4), hex.mid(8, 4), hex.mid(12, 4));
}

class Writer
{
public:
    void at(qint64 ms, const QString& text) { lines.append({ms, text}); }
    QList<SimConsoleLine> lines;
};

} // namespace

QList<SimConsoleLine> bootConsole(const ConsoleContext& c)
{
    Writer w;
    const QString kernel =
        c.imageName.startsWith(u"ubuntu-22.04"_s) ? u"5.15.0-119-generic"_s : u"6.8.0-45-generic"_s;
    const QString release =
        c.imageName.startsWith(u"ubuntu-22.04"_s) ? u"Ubuntu 22.04.5 LTS"_s : u"Ubuntu 24.04.1 LTS"_s;
    w.at(0, u"[    0.000000] Linux version %1 (buildd@lcy02-amd64-080) (gcc 13.2.0) #45-Ubuntu SMP"_s.arg(
                kernel));
    w.at(2,
         u"[    0.000000] Command line: BOOT_IMAGE=/vmlinuz-%1 root=LABEL=cloudimg-rootfs ro console=ttyS0"_s
             .arg(kernel));
    w.at(410, u"[    0.412331] ACPI: PCI Root Bridge [PCI0] (domain 0000 [bus 00-ff])"_s);
    for (int i = 0; i < c.accelerators; ++i)
        w.at(1800 + i * 20,
             u"[    1.%1] pci 0000:%2:00.0: [10de:2330] type 00 class 0x030200 (%3)"_s.arg(800000 + i * 1731)
                 .arg(0x18 + i * 0x10, 2, 16, QLatin1Char('0'))
                 .arg(c.accelerator));
    w.at(4200, u"[    4.201877] EXT4-fs (vda1): mounted filesystem with ordered data mode."_s);
    w.at(6100, u"[    6.100245] systemd[1]: Detected virtualization kvm."_s);
    w.at(6150, u"[    6.150002] systemd[1]: Hostname set to <%1>."_s.arg(c.hostname));
    if (c.imageHasInfiniband) {
        w.at(7300, u"[    7.300412] mlx5_core 0000:a1:00.0: firmware version: 28.39.1002"_s);
        w.at(7400, u"[    7.400981] mlx5_ib: Mellanox ConnectX-7 Infiniband driver v24.07"_s);
        w.at(7420, u"[    7.420117] nvidia-peermem: loaded (GPUDirect RDMA)"_s);
    }
    w.at(9800, u"[    9.800001] cloud-init[812]: Cloud-init v. 24.1.3 running 'init-local'."_s);
    w.at(12000, u"[   12.000114] cloud-init[901]: Cloud-init v. 24.1.3 running 'init'. Up 12.00 seconds."_s);
    w.at(12100, u"[   12.100230] cloud-init[901]: ci-info: ++++++++++ Net device info ++++++++++"_s);

    // What the user data asked for.
    qint64 t = 14000;
    const QString data = QString::fromUtf8(c.userData);
    if (c.userData.isEmpty()) {
        w.at(t, u"[   14.000000] cloud-init[990]: no user data supplied; no SSH keys were installed."_s);
    } else if (data.startsWith(u"#!"_s)) {
        const QString shebang = data.section(u'\n', 0, 0);
        w.at(t, u"[   14.000000] cloud-init[990]: running user script (%1 bytes, %2)"_s.arg(c.userData.size())
                    .arg(shebang));
        const QStringList lines = data.split(u'\n');
        int shown = 0;
        for (const auto& line : constValue(lines.mid(1))) {
            const QString trimmed = line.trimmed();
            if (trimmed.isEmpty() || trimmed.startsWith(u'#'))
                continue;
            t += 150;
            w.at(t, u"[   %1] cloud-init[990]: + %2"_s.arg(t / 1000.0, 0, 'f', 6).arg(trimmed.left(200)));
            if (++shown == 20)
                break;
        }
    } else if (data.startsWith(u"#cloud-config"_s)) {
        static const QRegularExpression key(u"^([A-Za-z_][A-Za-z0-9_]*):"_s,
                                            QRegularExpression::MultilineOption);
        auto it = key.globalMatch(data);
        while (it.hasNext()) {
            const QString module = it.next().captured(1);
            t += 300;
            w.at(t, u"[   %1] cloud-init[1034]: running module %2"_s.arg(t / 1000.0, 0, 'f', 6).arg(module));
        }
    } else {
        w.at(
            t,
            u"[   14.000000] cloud-init[990]: user data is neither a #! script nor #cloud-config; ignored"_s);
    }
    static const QRegularExpression sshKey(u"(ssh-(ed25519|rsa)|ecdsa-sha2-\\S+) [A-Za-z0-9+/=]+"_s);
    qsizetype keys = 0;
    for (auto match = sshKey.globalMatch(data); match.hasNext(); match.next())
        ++keys;
    if (keys > 0) {
        t += 200;
        w.at(t, u"[   %1] cloud-init[1034]: authorized %2 SSH key(s) for root"_s.arg(t / 1000.0, 0, 'f', 6)
                    .arg(keys));
    }
    t += 800;
    w.at(
        t,
        u"[   %1] cloud-init[1100]: Cloud-init v. 24.1.3 finished. Datasource DataSourceNoCloud. Up %2 seconds"_s
            .arg(t / 1000.0, 0, 'f', 6)
            .arg(t / 1000.0, 0, 'f', 2));

    // InfiniBand as seen from inside the guest.
    t += 1000;
    const QString stamp = u"[   %1] sfc-ib-check[1200]: "_s.arg(t / 1000.0, 0, 'f', 6);
    w.at(t, stamp + u"$ ibv_devinfo"_s);
    if (!c.imageHasInfiniband) {
        w.at(t + 5,
             stamp + u"ibv_devinfo: command not found (this image does not ship the InfiniBand stack)"_s);
    } else if (!c.skuIsInfiniband || c.partitionName.isEmpty()) {
        w.at(t + 5, stamp + u"No IB devices found"_s);
    } else {
        const QStringList info{
            u"hca_id: mlx5_0"_s,
            u"        transport:          InfiniBand (0)"_s,
            u"        fw_ver:             28.39.1002"_s,
            u"        node_guid:          %1"_s.arg(guid(c.instanceId, 0)),
            u"        vendor_id:          0x02c9"_s,
            u"        board_id:           MT_0000000838"_s,
            u"        phys_port_cnt:      1"_s,
            u"                port:   1"_s,
            u"                        state:          PORT_ACTIVE (4)"_s,
            u"                        max_mtu:        4096 (5)"_s,
            u"                        active_mtu:     4096 (5)"_s,
            u"                        link_layer:     InfiniBand"_s,
            u"        partition:          %1 on fabric %2"_s.arg(c.partitionName, c.fabricName)};
        for (qsizetype i = 0; i < info.size(); ++i)
            w.at(t + 5 + i, stamp + info.at(i));
    }
    t += 2000;
    w.at(t, u"%1 %2 ttyS0"_s.arg(release, c.hostname));
    w.at(t + 1, u"%1 login: "_s.arg(c.hostname));
    return w.lines;
}

QList<SimConsoleLine> shutdownConsole(const ConsoleContext&)
{
    return {{0, u"[  OK  ] Stopped target multi-user.target - Multi-User System."_s},
            {400, u"[  OK  ] Reached target shutdown.target - System Shutdown."_s},
            {900, u"reboot: Power down"_s}};
}

} // namespace sfsim
