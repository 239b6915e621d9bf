// The profile picture's crop step (issue 24): the chosen picture in a round frame that the person
// drags (mouse, touch or arrow keys) and zooms (slider or wheel); "Use this picture" makes the
// square file that is uploaded. Nothing is sent before that.
import { useEffect, useMemo, useState } from 'react';
import Cropper from 'react-easy-crop';
import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { FormDialog } from '../../components/form/FormDialog';
import { cropToFile, type CropArea } from './cropImage';

export function AvatarCropDialog({
  file,
  onCropped,
  onClose,
}: {
  file: File;
  onCropped: (cropped: File) => void;
  onClose: () => void;
}) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<CropArea | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    if (!area) return;
    setBusy(true);
    setError(null);
    try {
      onCropped(await cropToFile(url, area, file));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The picture could not be cropped.');
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title="Crop your picture"
      submitLabel="Use this picture"
      busyLabel="Preparing…"
      saving={busy}
      submitDisabled={!area}
      error={error}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Typography variant="body2" color="text.secondary">
        Drag the picture (or use the arrow keys) to place your face in the circle, and zoom with the
        slider.
      </Typography>
      <Box sx={{ position: 'relative', height: { xs: 260, sm: 320 }, bgcolor: 'grey.900' }}>
        <Cropper
          image={url}
          crop={crop}
          zoom={zoom}
          aspect={1}
          cropShape="round"
          showGrid={false}
          keyboardStep={10}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_percent, pixels) => setArea(pixels)}
          mediaProps={{ alt: 'The picture to crop' }}
          cropperProps={{
            role: 'group',
            'aria-label': 'Crop area: the arrow keys move the picture',
          }}
        />
      </Box>
      <Box sx={{ px: 1 }}>
        <Typography id="avatar-zoom" variant="body2">
          Zoom
        </Typography>
        <Slider
          aria-labelledby="avatar-zoom"
          min={1}
          max={3}
          step={0.1}
          value={zoom}
          getAriaValueText={(value) => `${value.toFixed(1)} times`}
          onChange={(_event, value) => {
            if (typeof value === 'number') setZoom(value);
          }}
        />
      </Box>
    </FormDialog>
  );
}
