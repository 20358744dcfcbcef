/** The demo organization's buildings and cameras (server/demo/seed.ts). */

export interface DemoCamera {
  /** VORTEX-style device id (MAC without separators). */
  id: string;
  name: string;
  type: 'CAMERA' | 'NVR_CAMERA';
  status: 'online' | 'offline' | 'error';
}

export interface DemoBuilding {
  details: { name: string; address: string; latitude: number; longitude: number };
  floors: { name: string; level: number; plan: 'officeGroundFloor' | 'officeFirstFloor' | 'warehouseFloor'; cameras: DemoCamera[] }[];
}

const cam = (id: string, name: string, type: DemoCamera['type'], status: DemoCamera['status']): DemoCamera => ({ id, name, type, status });

export const DEMO_BUILDINGS: DemoBuilding[] = [
  {
    details: {
      name: 'Floorwatch Demo HQ',
      address: '1 Ferry Building, San Francisco, CA 94111, USA',
      latitude: 37.7955,
      longitude: -122.3937,
    },
    floors: [
      {
        name: 'Ground Floor',
        level: 0,
        plan: 'officeGroundFloor',
        cameras: [
          cam('0002D1A4C7F1', 'FD9387 Main Entrance', 'CAMERA', 'online'),
          cam('0002D1A4C7F2', 'FD9387 Reception', 'CAMERA', 'online'),
          cam('0002D1A4C7F3', 'FE9380 Lift Lobby', 'CAMERA', 'online'),
          cam('0002D1A4C7F4', 'IB9387 Corridor West', 'NVR_CAMERA', 'online'),
          cam('0002D1A4C7F5', 'IB9387 Corridor East', 'CAMERA', 'offline'),
          cam('0002D1A4C7F6', 'FD9387 Server Room Door', 'CAMERA', 'online'),
        ],
      },
      {
        name: 'First Floor',
        level: 1,
        plan: 'officeFirstFloor',
        cameras: [
          cam('0002D1B3A101', 'FE9380 Lift Lobby L1', 'CAMERA', 'online'),
          cam('0002D1B3A102', 'FD9387 Stair Door', 'NVR_CAMERA', 'online'),
          cam('0002D1B3A103', 'IB9387 Corridor West L1', 'NVR_CAMERA', 'error'),
          cam('0002D1B3A104', 'IB9387 Corridor East L1', 'CAMERA', 'online'),
          cam('0002D1B3A105', 'FE9380 Engineering', 'CAMERA', 'offline'),
        ],
      },
    ],
  },
  {
    details: {
      name: 'Floorwatch Demo Logistics',
      address: 'Moezelhavenweg 9, 1043 AM Amsterdam, Netherlands',
      latitude: 52.4052,
      longitude: 4.8107,
    },
    floors: [
      {
        name: 'Warehouse Floor',
        level: 0,
        plan: 'warehouseFloor',
        cameras: [
          cam('0002D1C9E201', 'IB9387 Dock 1', 'CAMERA', 'online'),
          cam('0002D1C9E202', 'IB9387 Dock 2', 'CAMERA', 'online'),
          cam('0002D1C9E203', 'IB9387 Dock 3', 'CAMERA', 'error'),
          cam('0002D1C9E204', 'IB9387 Dock 4', 'NVR_CAMERA', 'online'),
          cam('0002D1C9E205', 'IB9387 Dock 5', 'NVR_CAMERA', 'online'),
          cam('0002D1C9E206', 'IB9387 Dock 6', 'CAMERA', 'online'),
        ],
      },
    ],
  },
];

/** Cameras known to the organization but not yet placed on any floor plan. */
export const DEMO_UNPLACED_CAMERAS: DemoCamera[] = [
  cam('0002D1D0F301', 'FD9387 Parking Gate', 'CAMERA', 'online'),
  cam('0002D1D0F302', 'IB9387 Bike Store', 'CAMERA', 'offline'),
  cam('0002D1D0F303', 'FE9380 Roof Access', 'NVR_CAMERA', 'online'),
];
